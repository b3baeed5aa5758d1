/** The app version the benches give the core, and so the User-Agent it sends. */
export const APP_VERSION = 'bench';

/** The headers the core sends with every request (petstore-client.ts), so a plain fetch sends the same request. */
export function coreHeaders(apiKey: string): Record<string, string> {
  return {
    Authorization: `Bearer ${apiKey}`,
    Accept: 'application/json',
    'User-Agent': `PetstoreCounter/${APP_VERSION}`,
  };
}
