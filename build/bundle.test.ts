import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, OUT_DIR } from './scripts/ensure-built';

/**
 * Checks on what `npm run build` actually produced. The main bundle keeps one
 * output file per source module (preserveModules), so out/main/<name>.js is
 * the shell module src/main/<name>.ts, and out/main/core/, out/main/security/
 * and out/main/shared/ are the core, the pure guards and the contract.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const IMPORT_PATTERNS = [
  /\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

function importsOf(code: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Modules that load Electron itself (electron-updater lazily): only the shell may use them. */
const needsElectron = (specifier: string) =>
  /^(electron|electron-store|electron-log|electron-updater)(\/|$)/.test(specifier);

beforeAll(ensureBuilt, 120_000);

describe('out/main', () => {
  const mainDir = join(OUT_DIR, 'main');

  it('keeps the core, the guards and the contract in their own files', () => {
    const folders = new Set(filesUnder(mainDir).map((file) => relative(mainDir, file).split(sep)[0]));
    expect(folders).toContain('index.js');
    expect(folders).toContain('security');
    expect(folders).toContain('shared');
  });

  it('imports electron only from the shell modules (out/main/*.js), never from core, guards or shared', () => {
    const importers = filesUnder(mainDir)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => importsOf(readFileSync(file, 'utf8')).some(needsElectron))
      .map((file) => relative(mainDir, file));
    expect(importers).toContain('index.js');
    expect(importers.filter((file) => file.includes(sep))).toEqual([]);
  });

  it('never bundles the reference service into the app', () => {
    const code = filesUnder(mainDir).map((file) => readFileSync(file, 'utf8'));
    expect(code.some((text) => importsOf(text).some((s) => /^(fastify|better-sqlite3)$|server\//.test(s)))).toBe(false);
  });
});

describe('out/renderer', () => {
  const rendererDir = join(OUT_DIR, 'renderer');
  const code = () =>
    filesUnder(rendererDir)
      .filter((file) => /\.(js|html|css)$/.test(file))
      .map((file) => ({ file: relative(rendererDir, file), text: readFileSync(file, 'utf8') }));

  it('contains no reference to Node: no require, no process, no node: modules', () => {
    for (const { file, text } of code()) {
      expect({ file, hits: text.match(/\brequire\s*\(|\bprocess\.[A-Za-z_$]|\bnode:[a-z]/g) ?? [] }).toEqual({
        file,
        hits: [],
      });
    }
  });

  it('contains no service address: the renderer never calls the service itself', () => {
    // The configured services, less documentation-only hosts (example.com) that
    // the address form's hint may legitimately show as an example.
    const environmentsFile = resolve(OUT_DIR, '../resources/environments.json');
    const configured: string[] = existsSync(environmentsFile)
      ? Object.values(JSON.parse(readFileSync(environmentsFile, 'utf8')) as Record<string, { baseUrl: string }>)
          .map((environment) => environment.baseUrl)
          .filter((url) => !/(^|\.)example\.(com|org|net)$/.test(new URL(url).hostname))
      : [];
    for (const { file, text } of code()) {
      const loopback = text.match(/https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])[:/][^"'`\s]*/g) ?? [];
      const services = configured.filter((url) => text.includes(url));
      expect({ file, loopback, services }).toEqual({ file, loopback: [], services: [] });
    }
  });

  it('carries no ICU parser and no classic zod: messages come parsed, and the shared schemas it bundles are zod/mini', () => {
    // Together about 30 KB gzip of the 60 a counter may load (docs/decisions.md, "The renderer's size").
    const markers = [/EXPECT_ARGUMENT_CLOSING_BRACE/, /[`"']ZodType[`"']/];
    for (const { file, text } of code()) {
      const found = markers.filter((marker) => marker.test(text)).map(String);
      expect({ file, found }).toEqual({ file, found: [] });
    }
  });

  it('carries every language in a chunk of its own, English too, so a counter loads one language', () => {
    const chunks = code().filter(({ file }) => file.endsWith('.js'));
    const holding = (text: string) =>
      chunks.filter((chunk) => chunk.text.includes(text)).map(({ file }) => file.replace(/-[\w-]+\.js$/, ''));
    expect(holding('Offline: this computer has no network')).toEqual(['assets/en']);
    expect(holding('Offline: Dieser Computer hat kein Netzwerk')).toEqual(['assets/de']);
  });

  it('has no inline script or style attribute the CSP would block', () => {
    for (const { file, text } of code()) {
      const inline = file.endsWith('.html')
        ? (text.match(/<script(?![^>]*\bsrc=)[^>]*>|<style[\s>]|\son[a-z]+=/gi) ?? [])
        : (text.match(/\sstyle=["']|<style[\s>]/gi) ?? []);
      expect({ file, inline }).toEqual({ file, inline: [] });
    }
  });
});
