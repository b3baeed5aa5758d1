import { randomBytes } from 'node:crypto';
import { startServer, type RunningServer } from '../../src/server';
import { parseJson } from '../../src/shared/json';
import { WirePets, type Pet } from '../../src/shared/pet';

/**
 * A real reference service on port 0 with its SQLite file in the test's data
 * folder, so a test can stop it (the shop's service going down) and start it
 * again on the same data, as a restarted server would be.
 */
export class ReferenceService {
  readonly apiKey = randomBytes(24).toString('hex');
  #running: RunningServer | undefined;
  #url = '';

  constructor(
    readonly dbPath: string,
    private readonly seed: 'demo' | 'none' = 'demo',
    /** The service's clock, when a test moves the app's: both tell the same time. */
    private readonly now?: () => number,
  ) {}

  /**
   * Starts the service; a restart asks for its old port again, and takes
   * another (and a new URL) when something else has taken it meanwhile.
   */
  async start(): Promise<string> {
    if (this.#running) return this.#url;
    const previousPort = this.#url ? Number(new URL(this.#url).port) : 0;
    const options = {
      dbPath: this.dbPath,
      apiKeys: [this.apiKey],
      seed: this.seed,
      ...(this.now && { now: this.now }),
    };
    try {
      this.#running = await startServer({ ...options, port: previousPort });
    } catch {
      this.#running = await startServer({ ...options, port: 0 });
    }
    this.#url = this.#running.url;
    return this.#url;
  }

  get url(): string {
    return this.#url;
  }

  async stop(): Promise<void> {
    await this.#running?.close();
    this.#running = undefined;
  }

  /** Adds an animal over HTTP, as another counter would. */
  async add(pet: { name: string; categoryId: number; status?: Pet['status'] }): Promise<void> {
    const response = await fetch(`${this.#url}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(pet),
    });
    if (response.status !== 201) throw new Error(`The service answered ${response.status}`);
  }

  /** Every animal the service holds, page after page (its cursor), for a shop larger than one page. */
  async allPets(): Promise<Pet[]> {
    const all: Pet[] = [];
    for (let after = ''; ;) {
      const response = await fetch(`${this.#url}/pets?limit=100${after}`, {
        headers: { authorization: `Bearer ${this.apiKey}` },
      });
      if (!response.ok) throw new Error(`The service answered ${response.status}`);
      const page = WirePets.parse(parseJson(await response.text()));
      all.push(...page);
      const last = page.at(-1);
      if (page.length < 100 || !last) return all;
      after = `&after=${last.id}`;
    }
  }

  /**
   * Adds animals until the shop holds `count`, named "Shop animal N" (a shop larger than any page),
   * sold unless `statuses` are given, which the new animals then take in turn.
   */
  async fillTo(count: number, statuses: readonly NonNullable<Pet['status']>[] = ['sold']): Promise<void> {
    const held = (await this.allPets()).length;
    for (let index = held + 1; index <= count; index += 1) {
      const status = statuses[index % statuses.length];
      await this.add({ name: `Shop animal ${String(index)}`, categoryId: 1 + (index % 3), status });
    }
  }

  /** Everything the service holds, asked over HTTP with the key, as any other client would. */
  async pets(): Promise<Pet[]> {
    const response = await fetch(`${this.#url}/pets?limit=100`, {
      headers: { authorization: `Bearer ${this.apiKey}` },
    });
    if (!response.ok) throw new Error(`The service answered ${response.status}`);
    return WirePets.parse(parseJson(await response.text()));
  }
}
