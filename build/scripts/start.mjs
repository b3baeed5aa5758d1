// `npm start`: build and launch the app in development with the embedded
// reference service alongside (demo environment, seeded, its key handed to
// the app for the keychain), so a newcomer sees real animals at once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { findElectronBinary, NO_ELECTRON_MESSAGE } from './electron-binary.mjs';

const root = resolve(import.meta.dirname, '../..');

const electronBinary = findElectronBinary(root);
if (!electronBinary) {
  console.error(NO_ELECTRON_MESSAGE);
  process.exit(1);
}

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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', async (code, signal) => {
  await server.close();
  process.exit(code ?? (signal ? 1 : 0));
});
