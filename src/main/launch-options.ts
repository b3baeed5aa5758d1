import { DEFAULT_KEYCHAIN_SERVICE } from './core/api-keys';
import type { DemoService } from './core/demo-setup';

/** A development run's keys never mix with (or overwrite) the installed app's. */
export const DEVELOPMENT_KEYCHAIN_SERVICE = 'Petstore Counter (development)';

export interface LaunchOptions {
  readonly isDevelopment: boolean;
  /** The electron-vite dev server serving the renderer, in development only. */
  readonly devServerUrl?: string;
  /** The reference service `npm start` started alongside, in development only. */
  readonly demo?: DemoService;
  /** The keychain service name: absent (the installed app's own) only in a packaged build. */
  readonly keychainService?: string;
  /** A private data folder (tests give each app its own), in development only. */
  readonly userDataDir?: string;
  /** `npm start -- --smoke`: quit with 0 once the first list is on screen, in development only. */
  readonly smoke?: boolean;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Reads the shell's environment variables. Every one of them (the data
 * folder too) is honoured only in development (an unpackaged run): an
 * installed app ignores them all, so nobody can redirect a shop's counter, its
 * data or its keychain entries by setting a variable. A development run always
 * uses a keychain service of its own, never the installed app's.
 */
export function readLaunchOptions(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): LaunchOptions {
  if (isPackaged) return { isDevelopment: false };
  const userDataDir = nonEmpty(env.PETSTORE_USER_DATA_DIR);
  const devServerUrl = nonEmpty(env.ELECTRON_RENDERER_URL);
  const baseUrl = nonEmpty(env.PETSTORE_DEMO_URL);
  const apiKey = nonEmpty(env.PETSTORE_DEMO_KEY);
  const asked = nonEmpty(env.PETSTORE_KEYCHAIN_SERVICE);
  const keychainService = asked && asked !== DEFAULT_KEYCHAIN_SERVICE ? asked : DEVELOPMENT_KEYCHAIN_SERVICE;
  return {
    isDevelopment: true,
    keychainService,
    ...(devServerUrl && { devServerUrl }),
    ...(baseUrl && { demo: { baseUrl, ...(apiKey && { apiKey }) } }),
    ...(userDataDir && { userDataDir }),
    ...(env.PETSTORE_SMOKE === '1' && { smoke: true }),
  };
}
