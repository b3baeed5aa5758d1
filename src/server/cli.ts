import { parseArgs } from 'node:util';
import { startServer } from './index';
import { generateApiKey, loadOrCreateKeyFile, parseKeyList } from './keys';

const USAGE = `Usage: npm run server -- [--port 4010] [--host 127.0.0.1] [--db ./petstore.db] [--seed demo|none]
                         [--api-key KEY ...] [--log]
Keys come from --api-key or PETSTORE_API_KEYS (comma-separated); with neither, a key is made once,
printed, and kept in <db>.api-key beside the database.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) fail(`--port must be a whole number from 0 to 65535, not "${value}"`);
  return port;
}

function parseSeed(value: string): 'demo' | 'none' {
  if (value !== 'demo' && value !== 'none') fail(`--seed must be "demo" or "none", not "${value}"`);
  return value;
}

function readOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        db: { type: 'string', default: './petstore.db' },
        seed: { type: 'string', default: 'none' },
        'api-key': { type: 'string', multiple: true },
        log: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const values = readOptions(process.argv.slice(2));
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const dbPath = values.db;
  let apiKeys = [...(values['api-key'] ?? []), ...parseKeyList(process.env.PETSTORE_API_KEYS)];
  let keyNote = `API keys: ${apiKeys.length} from the command line / PETSTORE_API_KEYS`;
  if (apiKeys.length === 0 && dbPath === ':memory:') {
    apiKeys = [generateApiKey()];
    keyNote = `New API key (not kept: the database is in memory): ${apiKeys[0]}`;
  } else if (apiKeys.length === 0) {
    const stored = loadOrCreateKeyFile(dbPath);
    apiKeys = [stored.apiKey];
    // Shown once, when made; afterwards only where it is kept.
    keyNote = stored.created
      ? `New API key (kept in ${stored.path}, shown only now): ${stored.apiKey}`
      : `API key: the one kept in ${stored.path}`;
  }

  const server = await startServer({
    port: parsePort(values.port),
    host: values.host,
    dbPath,
    apiKeys,
    seed: parseSeed(values.seed),
    logger: values.log,
  });
  console.log(`Petstore reference service listening on ${server.url} (database ${dbPath})`);
  console.log(keyNote);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: finishing open requests and closing the database`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
