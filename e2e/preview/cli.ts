import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readPolicy } from '../../src/main/core';
import { describeNotice } from '../../src/shared';
import { processIsRunning } from './running';
import { startPreview, type RunningPreview } from './server';

/** How often the preview looks whether the command that started it is still there. */
const ORPHAN_CHECK_MS = 500;

const USAGE = 'npm run preview:web -- [--petstore-url URL] [--port N] [--data-dir DIR] [--policy FILE]';

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65_535) throw new Error(`--port must be a number from 0 to 65535 (${USAGE})`);
  return port;
}

/** The given data folder, created when missing (it keeps its data), or a temporary one removed on exit. */
function openDataDir(given: string | undefined): { path: string; temporary: boolean } {
  if (!given) return { path: mkdtempSync(join(tmpdir(), 'petstore-preview-')), temporary: true };
  const path = resolve(given);
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`--data-dir ${path} cannot be created (${reason}).`, { cause: error });
  }
  return { path, temporary: false };
}

/**
 * Whether the command that started the preview is gone: its wrapper (with-keyring) may die without passing a signal
 * on (SIGKILL), even before this process ran a line (it then has another parent from the start, and the wrapper's
 * pid, passed down, names no process). Read first thing, before the policy file or the server.
 */
function orphanCheck(): () => boolean {
  const parent = process.ppid;
  const wrapper = Number(process.env.WITH_KEYRING_PID) || parent;
  return () => process.ppid !== parent || (wrapper !== parent && !processIsRunning(wrapper));
}

async function main(): Promise<void> {
  const orphaned = orphanCheck();
  const { values } = parseArgs({
    options: {
      'petstore-url': { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      // A policy file in place of the machine's, read the way the shell reads that one (e2e tests use it).
      policy: { type: 'string' },
    },
    strict: true,
  });
  const port = parsePort(values.port);
  const policy = values.policy ? await readPolicy(resolve(values.policy), (file) => readFile(file, 'utf8')) : undefined;
  if (policy?.notice) console.warn(describeNotice(policy.notice));
  const dataDir = openDataDir(values['data-dir']);
  const removeTemporary = () => {
    if (dataDir.temporary) rmSync(dataDir.path, { recursive: true, force: true });
  };
  let preview: RunningPreview | undefined;
  let stopping = false;
  // One stop however many signals arrive; a temporary data folder goes with it.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void (preview?.close() ?? Promise.resolve()).finally(() => {
      removeTemporary();
      process.exit(0);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  // The preview stops with its command, never left holding its port and data folder.
  setInterval(() => {
    if (orphaned()) stop();
  }, ORPHAN_CHECK_MS).unref();
  try {
    preview = await startPreview({
      dataDir: dataDir.path,
      port,
      ...(policy && { policy }),
      ...(values['petstore-url'] && { petstoreUrl: values['petstore-url'] }),
    });
  } catch (error) {
    removeTemporary();
    throw error;
  }
  console.log(`Petstore Counter web preview (data in ${dataDir.path}${dataDir.temporary ? ', removed on exit' : ''})`);
  if (preview.service) console.log(`Reference service (demo environment): ${preview.service.url}`);
  console.log(`\nOpen: ${preview.url}\n`);
  console.log('Loopback only; the address carries a per-run token. Ctrl+C stops it.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
