import Database from 'better-sqlite3';
import type { PetStatus } from '../shared';

/** A pet as the service stores and sends it: ids as bigints, exact for SQLite and for `stringifyJson`. */
export interface StoredPet {
  id: bigint;
  name: string;
  categoryId: bigint;
  status: PetStatus;
}

export interface PetToStore {
  id?: bigint;
  name: string;
  categoryId: bigint;
  status: PetStatus;
}

export interface PetStore {
  /** One page as the JSON text of a Pets array, ids exact, in id order. */
  listJson(query: { limit: number; status?: PetStatus }): string;
  get(id: bigint): StoredPet | undefined;
  create(pet: PetToStore): StoredPet;
  /** Adds many pets in one transaction (demo seed, test fixtures with chosen ids). */
  insertMany(pets: readonly PetToStore[]): StoredPet[];
  count(): number;
  close(): void;
}

// STRICT and CHECK keep the file honest even if something else writes to it.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS pets (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    category_id INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('available', 'pending', 'sold'))
  ) STRICT;
  CREATE INDEX IF NOT EXISTS pets_by_status ON pets (status, id);
`;

const COLUMNS = 'id, name, category_id AS categoryId, status';

export function openPetStore(path: string): PetStore {
  const db = new Database(path);
  // Every integer comes back as a bigint, so ids beyond 2^53 are never rounded.
  db.defaultSafeIntegers(true);
  if (path !== ':memory:') {
    db.pragma('journal_mode = WAL');
    // With WAL, NORMAL survives a crash of the process; only a power cut may lose the last commits.
    db.pragma('synchronous = NORMAL');
  }
  db.exec(SCHEMA);

  // The list is the hot path: SQLite writes the JSON itself, integers exact to 64 bits, which
  // spares building and stringifying 20 row objects and 40 bigints per request.
  const pageJson = (where: string) =>
    db
      .prepare<unknown[], string>(
        `SELECT json_group_array(json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status))
           FROM (SELECT id, name, category_id, status FROM pets ${where} ORDER BY id LIMIT ?)`,
      )
      .pluck();
  const listAll = pageJson('');
  const listByStatus = pageJson('WHERE status = ?');
  const getOne = db.prepare<[bigint], StoredPet>(`SELECT ${COLUMNS} FROM pets WHERE id = ?`);
  const insertAuto = db.prepare<[string, bigint, string], StoredPet>(
    `INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const insertWithId = db.prepare<[bigint, string, bigint, string], StoredPet>(
    `INSERT INTO pets (id, name, category_id, status) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const countAll = db.prepare<[], { n: bigint }>('SELECT count(*) AS n FROM pets');

  function insert(pet: PetToStore): StoredPet {
    const row =
      pet.id === undefined
        ? insertAuto.get(pet.name, pet.categoryId, pet.status)
        : insertWithId.get(pet.id, pet.name, pet.categoryId, pet.status);
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  const insertMany = db.transaction((pets: readonly PetToStore[]) => pets.map(insert));

  return {
    listJson: ({ limit, status }) => {
      const json = status ? listByStatus.get(status, limit) : listAll.get(limit);
      if (json === undefined) throw new Error('The list query returned no row');
      return json;
    },
    get: (id) => getOne.get(id),
    create: insert,
    insertMany: (pets) => insertMany(pets),
    count: () => Number(countAll.get()?.n ?? 0n),
    close: () => db.close(),
  };
}
