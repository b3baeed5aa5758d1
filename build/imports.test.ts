import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The main process's modules import each other one way: a module that needs another's work is handed it (the
 * policy is read first and handed to the settings and the keys), never imports back. Type-only imports count:
 * a circle of types is a circle of knowledge all the same.
 */
const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['src/main', 'src/shared', 'src/preload'];

function sources(folder: string): string[] {
  return readdirSync(resolve(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => resolve(ROOT, folder, file));
}

function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .flatMap((name) => [`${name}.ts`, `${name}/index.ts`, name].map((candidate) => resolve(dirname(file), candidate)))
    .filter((path) => known.has(path));
}

/** Every circle of imports, each as the files in it from where it was entered. */
function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => relative(ROOT, file)));
}

describe('imports point one way', () => {
  it('no module of the main process, the preload or the contract imports one that imports it back', () => {
    expect(importCycles(FOLDERS.flatMap(sources))).toEqual([]);
  });
});
