import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { compiledMessages } from './build/scripts/compiled-messages.ts';

export default defineConfig({
  // Compiles the renderer's runes modules (*.svelte.ts) for their tests; the catalogues come parsed, as in the app.
  plugins: [
    svelte({ configFile: false, compilerOptions: { runes: true } }),
    compiledMessages(resolve(import.meta.dirname, 'src/renderer/src/i18n/messages')),
  ],
  test: {
    include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    // The bundle tests read out/: rebuilt first whenever a source is newer.
    globalSetup: ['build/scripts/ensure-built-setup.ts'],
    // Every language's catalogue in place before a renderer test reads one (the app fetches each when chosen).
    setupFiles: ['src/renderer/src/i18n/all-languages.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // A poll waits on real servers and processes: on two busy cores one took over the default 1 s.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: keep integration suites (real servers, keychain) from starving each other.
    maxWorkers: 2,
  },
});
