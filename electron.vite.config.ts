import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { parse } from 'yaml';
import { compiledMessages } from './build/scripts/compiled-messages.ts';

// The update feed has one home, publish.url in electron-builder.yml: the app's code carries it, so
// the app reads no other feed whatever app-update.yml (outside the signed archive) says.
const { publish } = parse(readFileSync(resolve(import.meta.dirname, 'build/electron-builder.yml'), 'utf8')) as {
  publish: { url: string };
};

export default defineConfig({
  main: {
    define: { __UPDATE_FEED__: JSON.stringify(publish.url) },
    build: {
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/index.ts') },
        // One output file per source module (out/main/core/…, out/main/security/…), so the
        // bundle test can prove that only the shell's own files import electron.
        output: {
          preserveModules: true,
          preserveModulesRoot: resolve(import.meta.dirname, 'src/main'),
          entryFileNames: '[name].js',
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle zod and the
      // contract in, and emit CommonJS (sandboxed preloads cannot be ESM).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [
      svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') }),
      compiledMessages(resolve(import.meta.dirname, 'src/renderer/src/i18n/messages')),
    ],
    resolve: {
      // Messages arrive parsed (compiledMessages), so intl-messageformat is given the parser's no-parser build.
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
    build: {
      // electron-vite leaves the renderer unminified by default; minified it is about half the size to parse at start.
      minify: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
  },
});
