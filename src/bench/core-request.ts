import type { SecretStore } from '../main/core';

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

/** A keychain in memory: the keychain is read once at start and never on a measured path (keytar needs D-Bus). */
export function benchSecrets(): SecretStore {
  const entries = new Map<string, string>();
  return {
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}\n${account}`) ?? null),
    setPassword: (service, account, password) => Promise.resolve(void entries.set(`${service}\n${account}`, password)),
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}\n${account}`)),
  };
}
