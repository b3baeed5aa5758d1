import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server';
import { parseJson } from '../../src/shared/json';
import { WirePets, type Pet } from '../../src/shared/pet';

/** How long a restart waits for its old port, held meanwhile by another socket, before it takes another. */
const OLD_PORT_WAIT_MS = 10_000;
const OLD_PORT_RETRY_MS = 100;

const addressInUse = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';

/**
 * Listens on `port` again, retrying while something else holds it (on a busy machine any socket, an outgoing one
 * too, may take a freed port for a moment), and on a new port only once it stays taken: a story whose app keeps
 * the old address finds the service there after a restart.
 */
async function listenAgain(options: StartServerOptions, port: number): Promise<RunningServer> {
  const deadline = Date.now() + OLD_PORT_WAIT_MS;
  for (;;) {
    try {
      return await startServer({ ...options, port });
    } catch (error) {
      if (!addressInUse(error)) throw error;
      if (Date.now() >= deadline) return startServer({ ...options, port: 0 });
      await sleep(OLD_PORT_RETRY_MS);
    }
  }
}

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
   * Starts the service; a restart asks for its old port again, waiting while
   * something else holds it, and takes another (and a new URL) only when it
   * stays taken.
   */
  async start(): Promise<string> {
    if (this.#running) return this.#url;
    const previousPort = this.#url ? Number(new URL(this.#url).port) : 0;
    const options: StartServerOptions = {
      dbPath: this.dbPath,
      apiKeys: [this.apiKey],
      seed: this.seed,
      ...(this.now && { now: this.now }),
    };
    this.#running = await listenAgain(options, previousPort);
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
