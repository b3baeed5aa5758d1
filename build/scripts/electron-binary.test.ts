import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron-binary.mjs';

/** Fake node_modules/electron layouts in a temp folder, shaped as the electron package lays itself out. */
const roots: string[] = [];
function project(layout: { pathTxt?: string; binary?: string }): string {
  const root = mkdtempSync(join(tmpdir(), 'petstore-electron-'));
  roots.push(root);
  const packageDir = join(root, 'node_modules', 'electron');
  mkdirSync(join(packageDir, 'dist'), { recursive: true });
  if (layout.pathTxt !== undefined) writeFileSync(join(packageDir, 'path.txt'), layout.pathTxt);
  if (layout.binary) {
    mkdirSync(join(packageDir, 'dist', layout.binary, '..'), { recursive: true });
    writeFileSync(join(packageDir, 'dist', layout.binary), '');
  }
  return root;
}
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('npm start finds the Electron binary without downloading it', () => {
  it('finds a downloaded binary (Linux and macOS layouts)', () => {
    const linux = project({ pathTxt: 'electron', binary: 'electron' });
    expect(findElectronBinary(linux, {})).toBe(join(linux, 'node_modules/electron/dist/electron'));
    const mac = 'Electron.app/Contents/MacOS/Electron';
    const macRoot = project({ pathTxt: mac, binary: mac });
    expect(findElectronBinary(macRoot, {})).toBe(join(macRoot, 'node_modules/electron/dist', mac));
  });

  it('reports none when the install skipped the download (no path.txt), as on this build box', () => {
    expect(findElectronBinary(project({}), {})).toBeUndefined();
  });

  it('reports none when path.txt names a binary that is not there', () => {
    expect(findElectronBinary(project({ pathTxt: 'electron' }), {})).toBeUndefined();
  });

  it('reports none when electron is not installed at all', () => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-electron-'));
    roots.push(root);
    expect(findElectronBinary(root, {})).toBeUndefined();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const elsewhere = project({ pathTxt: 'electron', binary: 'electron' });
    const root = project({ pathTxt: 'electron' });
    const override = join(elsewhere, 'node_modules/electron/dist');
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: override })).toBe(join(override, 'electron'));
  });

  it('honours ELECTRON_EXEC_PATH like electron-vite does, and only when that file exists', () => {
    const elsewhere = project({ pathTxt: 'electron', binary: 'electron' });
    const binary = join(elsewhere, 'node_modules/electron/dist/electron');
    expect(findElectronBinary(project({}), { ELECTRON_EXEC_PATH: binary })).toBe(binary);
    expect(findElectronBinary(elsewhere, { ELECTRON_EXEC_PATH: join(elsewhere, 'missing') })).toBeUndefined();
  });
});
