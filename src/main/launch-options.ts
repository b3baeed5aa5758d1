import type { DemoService } from './core/demo-setup';

export interface LaunchOptions {
  readonly isDevelopment: boolean;
  /** The electron-vite dev server serving the renderer, in development only. */
  readonly devServerUrl?: string;
  /** The reference service `npm start` started alongside, in development only. */
  readonly demo?: DemoService;
  /** A separate keychain entry name for tests and development runs. */
  readonly keychainService?: string;
  /** A private data folder (tests give each app its own). */
  readonly userDataDir?: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Reads the shell's environment variables. Everything that points the app at
 * another page, service or keychain entry is honoured only in development
 * (an unpackaged run): an installed app ignores it, so nobody can redirect a
 * shop's counter by setting a variable.
 */
export function readLaunchOptions(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): LaunchOptions {
  const userDataDir = nonEmpty(env.PETSTORE_USER_DATA_DIR);
  if (isPackaged) return { isDevelopment: false, ...(userDataDir && { userDataDir }) };
  const devServerUrl = nonEmpty(env.ELECTRON_RENDERER_URL);
  const baseUrl = nonEmpty(env.PETSTORE_DEMO_URL);
  const apiKey = nonEmpty(env.PETSTORE_DEMO_KEY);
  const keychainService = nonEmpty(env.PETSTORE_KEYCHAIN_SERVICE);
  return {
    isDevelopment: true,
    ...(devServerUrl && { devServerUrl }),
    ...(baseUrl && { demo: { baseUrl, ...(apiKey && { apiKey }) } }),
    ...(keychainService && { keychainService }),
    ...(userDataDir && { userDataDir }),
  };
}
