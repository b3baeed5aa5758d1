// `npm start`: build and launch the app in development with the embedded
// reference service alongside (demo environment, seeded, its key handed to
// the app for the keychain), so a newcomer sees real animals at once.
// package.json runs node-version.mjs first. `npm start -- --smoke` asks the
// app to quit with 0 once its first list is on screen (the CI newcomer job).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';
import { startApp } from './start-app.mjs';

const root = resolve(import.meta.dirname, '../..');
const INSTALLER = resolve(root, 'node_modules/electron/install.js');
// Long enough for a slow resolver, short enough that an offline machine hears back in under 2 s.
const PROBE_MS = 1500;

/** @param {string} host */
async function canReach(host) {
  // Behind a proxy the host may not resolve locally; let the installer try.
  if (process.env.HTTPS_PROXY || process.env.https_proxy || process.env.ELECTRON_GET_USE_PROXY) return true;
  const timeout = new Promise((resolveTimeout) => setTimeout(() => resolveTimeout(false), PROBE_MS).unref());
  return Promise.race([
    lookup(host).then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

/** @param {{ quiet: boolean }} options */
function install({ quiet }) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [INSTALLER], {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
      // From the cache only (offline), so never for long.
      ...(quiet && { timeout: 10_000 }),
    });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
}

/** @param {string} electronBinary */
async function launch(electronBinary) {
  // The service is TypeScript; tsx loads it in this process so it stops with the app.
  const { tsImport } = await import('tsx/esm/api');
  const { startServer } = await tsImport('../../src/server/index.ts', import.meta.url);
  const apiKey = `demo-${randomBytes(16).toString('hex')}`;
  const server = await startServer({ host: '127.0.0.1', port: 0, dbPath: ':memory:', seed: 'demo', apiKeys: [apiKey] });
  console.log(`Reference service (demo data) at ${server.url}`);

  const app = spawn(process.execPath, [resolve(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      // electron-vite launches exactly the binary found above.
      ELECTRON_EXEC_PATH: electronBinary,
      PETSTORE_DEMO_URL: server.url,
      PETSTORE_DEMO_KEY: apiKey,
      // Development keys live under their own keychain entry, apart from an installed app's.
      PETSTORE_KEYCHAIN_SERVICE: process.env.PETSTORE_KEYCHAIN_SERVICE ?? 'Petstore Counter (development)',
      ...(process.argv.includes('--smoke') && { PETSTORE_SMOKE: '1' }),
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
  return new Promise((done) => {
    app.on('exit', (code, signal) => {
      void server.close().then(() => done(code ?? (signal ? 1 : 0)));
    });
  });
}

process.exitCode = await startApp({
  env: process.env,
  findBinary: () => findElectronBinary(root),
  canReach,
  install,
  launch,
  say: (line) => console.log(line),
  complain: (paragraph) => console.error(paragraph),
});
