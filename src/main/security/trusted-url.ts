import { isAbsolute, relative, resolve } from 'node:path';

/**
 * The renderer is served from app://petstore/ rather than file://, so the page
 * has a real origin of its own and a file URL can never be mistaken for it.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'petstore';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function isOwnAppOrigin(url: URL): boolean {
  return (
    url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST && url.port === '' && !url.username && !url.password
  );
}

/**
 * True only for the app's own page: app://petstore/… or, in development,
 * the electron-vite dev server's exact origin. Any other scheme, host, port
 * or embedded credentials is foreign.
 */
export function isAppUrl(text: string, devServerUrl?: string): boolean {
  const url = parseUrl(text);
  if (!url) return false;
  if (isOwnAppOrigin(url)) return true;
  if (!devServerUrl) return false;
  const dev = parseUrl(devServerUrl);
  return dev !== undefined && dev.origin !== 'null' && url.origin === dev.origin && !url.username && !url.password;
}

/**
 * Maps an app:// request to a file inside `rootDir`, or undefined when it
 * would leave it. The URL parser already folds plain `..`, so the guard also
 * decodes the path and refuses encoded slashes, backslashes, NUL and any
 * remaining `..` segment before checking the resolved path is still inside.
 */
export function resolveAppFile(requestUrl: string, rootDir: string): string | undefined {
  const url = parseUrl(requestUrl);
  if (!url || !isOwnAppOrigin(url)) return undefined;
  if (/%2f|%5c|%00/i.test(url.pathname)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\\') || path.includes('\0') || path.split('/').includes('..')) return undefined;
  const wanted = path === '/' || path === '' ? 'index.html' : path.replace(/^\/+/, '');
  const root = resolve(rootDir);
  const file = resolve(root, wanted);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return file;
}
