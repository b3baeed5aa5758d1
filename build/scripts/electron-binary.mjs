import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the Electron executable is, or undefined when none was downloaded.
 * It mirrors the lookups of electron-vite (ELECTRON_EXEC_PATH) and of the
 * electron package (path.txt, then dist/ or ELECTRON_OVERRIDE_DIST_PATH)
 * without the package's side effect: requiring 'electron' starts a download
 * when the binary is missing, which cannot work offline.
 *
 * @param {string} projectRoot
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {string | undefined}
 */
export function findElectronBinary(projectRoot, env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : undefined;
  const packageDir = join(projectRoot, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = join(override, executable || 'electron');
    return existsSync(binary) ? binary : undefined;
  }
  if (!executable) return undefined;
  const binary = join(packageDir, 'dist', executable);
  return existsSync(binary) ? binary : undefined;
}
