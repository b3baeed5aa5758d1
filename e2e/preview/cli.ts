import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPreview } from './server';

const USAGE = 'npm run preview:web -- [--petstore-url URL] [--port N] [--data-dir DIR]';

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65_535) throw new Error(`--port must be a number from 0 to 65535 (${USAGE})`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'petstore-url': { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
    },
    strict: true,
  });
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : mkdtempSync(join(tmpdir(), 'petstore-preview-'));
  const preview = await startPreview({
    dataDir,
    port: parsePort(values.port),
    ...(values['petstore-url'] && { petstoreUrl: values['petstore-url'] }),
  });
  console.log(`Petstore Counter web preview (data in ${dataDir})`);
  if (preview.service) console.log(`Reference service (demo environment): ${preview.service.url}`);
  console.log(`\nOpen: ${preview.url}\n`);
  console.log('Loopback only; the address carries a per-run token. Ctrl+C stops it.');
  const stop = () => void preview.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
