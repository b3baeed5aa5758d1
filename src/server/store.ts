import Database from 'better-sqlite3';
import type { PetStatus } from '../shared';
import { IDEMPOTENCY_SCHEMA, prepareKeyedCreates, type KeyedCreates } from './idempotent-create';

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

export interface PageQuery {
  limit: number;
  status?: PetStatus;
  /** Only ids above this one (a paging cursor, exclusive). */
  after?: bigint;
}

export interface Page {
  /** The JSON text of a Pets array, ids exact, in id order. */
  json: string;
  /** The last id of a full page (more may follow); undefined when the page is not full. */
  nextAfter?: bigint;
}

export interface PetStore {
  /** One page as the JSON text of a Pets array, ids exact, in id order. */
  listJson(query: PageQuery): string;
  /** One page, and where the next one starts when this one is full. */
  listPage(query: PageQuery): Page;
  get(id: bigint): StoredPet | undefined;
  create(pet: PetToStore): StoredPet;
  /** Adds many pets in one transaction (demo seed, test fixtures with chosen ids). */
  insertMany(pets: readonly PetToStore[]): StoredPet[];
  count(): number;
  /** How many pets were written so far: a page can change only when this moves. */
  writes(): number;
  /** Adds pets under an idempotency key, or replays the first one: see idempotent-create.ts. */
  readonly keyed: KeyedCreates;
  close(): void;
}

/** Bumped whenever SCHEMA changes shape; kept in the file's user_version. */
const SCHEMA_VERSION = 2n;
/** Versions this one opens and upgrades: 1 lacked only the idempotency table, which SCHEMA adds. */
const UPGRADABLE_VERSIONS: readonly unknown[] = [1n, SCHEMA_VERSION];

// STRICT and CHECK keep the file honest even if something else writes to it.
// `wire_json` is the row as the service sends it, written once by SQLite when the row is
// added (integers exact to 64 bits): listing, the hot path, then only joins stored text
// (a page of 20 read in ~12 µs, ~21 µs with json_object at read time).
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS pets (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    category_id INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
    wire_json   TEXT    GENERATED ALWAYS AS
                (json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status)) STORED
  ) STRICT;
  CREATE INDEX IF NOT EXISTS pets_by_status ON pets (status, id);
  ${IDEMPOTENCY_SCHEMA}
  PRAGMA user_version = ${SCHEMA_VERSION};
`;

function prepareSchema(db: Database.Database, path: string): void {
  const hasPets = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'pets'").get();
  const version = db.pragma('user_version', { simple: true });
  if (hasPets && !UPGRADABLE_VERSIONS.includes(version)) {
    throw new Error(
      `${path} was made by another version of the Petstore service (schema ${String(version)}, expected ${SCHEMA_VERSION}); ` +
        'move it away or choose another --db',
    );
  }
  db.exec(SCHEMA);
}

const COLUMNS = 'id, name, category_id AS categoryId, status';

/** A listed row: its id (the paging cursor) and its wire JSON. */
interface PageRow {
  id: bigint;
  json: string;
}

/**
 * The service owns its file and holds it locked while open: a second service (or any other
 * program) on the same file is refused at start instead of sharing it, and every read skips
 * the file-lock system calls a shared database needs (about 30% of a 20-row page read).
 */
function claimFile(db: Database.Database, path: string): void {
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // WAL entered in exclusive mode keeps its index in memory; the lock is taken here, by this write.
    db.pragma('journal_mode = WAL');
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY') {
      throw new Error(
        `${path} is in use by another program (another Petstore service?); stop it or choose another --db`,
        { cause: error },
      );
    }
    throw error;
  }
  // With WAL, NORMAL survives a crash of the process; only a power cut may lose the last commits.
  db.pragma('synchronous = NORMAL');
}

/** How long a start waits for a service that is still closing the same file. */
const FILE_CLAIM_WAIT_MS = 1000;

export function openPetStore(path: string): PetStore {
  const db = new Database(path, { timeout: FILE_CLAIM_WAIT_MS });
  // Every integer comes back as a bigint, so ids beyond 2^53 are never rounded.
  db.defaultSafeIntegers(true);
  try {
    if (path !== ':memory:') claimFile(db, path);
    prepareSchema(db, path);
  } catch (error) {
    db.close();
    throw error;
  }

  // One statement per filter; the status, the cursor and the limit are bound.
  const pageOrder = 'ORDER BY id LIMIT ?';
  const pageStatements = {
    first: db.prepare<[number], PageRow>(`SELECT id, wire_json AS json FROM pets ${pageOrder}`),
    firstOfStatus: db.prepare<[PetStatus, number], PageRow>(
      `SELECT id, wire_json AS json FROM pets WHERE status = ? ${pageOrder}`,
    ),
    after: db.prepare<[bigint, number], PageRow>(`SELECT id, wire_json AS json FROM pets WHERE id > ? ${pageOrder}`),
    afterOfStatus: db.prepare<[PetStatus, bigint, number], PageRow>(
      `SELECT id, wire_json AS json FROM pets WHERE status = ? AND id > ? ${pageOrder}`,
    ),
  };
  function pageRows({ limit, status, after }: PageQuery): PageRow[] {
    if (after === undefined) {
      return status === undefined ? pageStatements.first.all(limit) : pageStatements.firstOfStatus.all(status, limit);
    }
    return status === undefined
      ? pageStatements.after.all(after, limit)
      : pageStatements.afterOfStatus.all(status, after, limit);
  }
  function listPage(query: PageQuery): Page {
    const rows = pageRows(query);
    const json = `[${rows.map((row) => row.json).join(',')}]`;
    const last = rows.length === query.limit ? rows.at(-1) : undefined;
    return last === undefined ? { json } : { json, nextAfter: last.id };
  }
  const getOne = db.prepare<[bigint], StoredPet>(`SELECT ${COLUMNS} FROM pets WHERE id = ?`);
  const insertAuto = db.prepare<[string, bigint, string], StoredPet>(
    `INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const insertWithId = db.prepare<[bigint, string, bigint, string], StoredPet>(
    `INSERT INTO pets (id, name, category_id, status) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const countAll = db.prepare<[], { n: bigint }>('SELECT count(*) AS n FROM pets');

  let writes = 0;
  function insert(pet: PetToStore): StoredPet {
    writes += 1;
    // all(), not get(): get() resets the statement before it reaches its end, and SQLite
    // runs the WAL auto-checkpoint only there, so the write-ahead log would grow forever.
    const [row] =
      pet.id === undefined
        ? insertAuto.all(pet.name, pet.categoryId, pet.status)
        : insertWithId.all(pet.id, pet.name, pet.categoryId, pet.status);
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  const insertMany = db.transaction((pets: readonly PetToStore[]) => pets.map(insert));

  return {
    listJson: (query) => listPage(query).json,
    listPage,
    get: (id) => getOne.get(id),
    create: insert,
    insertMany: (pets) => insertMany(pets),
    count: () => Number(countAll.get()?.n ?? 0n),
    writes: () => writes,
    keyed: prepareKeyedCreates(db, { insert, get: (id) => getOne.get(id) }),
    close: () => db.close(),
  };
}
