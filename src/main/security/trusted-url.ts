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
