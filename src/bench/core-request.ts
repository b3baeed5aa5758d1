import type { Core, SecretStore } from '../main/core';
import { describeError, type CatalogueMeta } from '../shared';

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

/**
 * "Refresh" through the core's IPC handler, resolved once the catalogue's event says a sync ended after it
 * was asked (one already under way goes round again and may end first: the bench takes either).
 */
export async function refreshThroughCore(core: Core): Promise<CatalogueMeta> {
  const askedAt = Date.now();
  let stop = () => undefined as unknown;
  const ended = new Promise<CatalogueMeta>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('the refresh did not end in 30 s'));
    }, 30_000);
    const off = core.on('onCatalogue', (meta) => {
      if (meta.state !== 'syncing' && (meta.syncedAt ?? 0) >= askedAt) resolve(meta);
    });
    stop = () => {
      clearTimeout(timer);
      off();
    };
  });
  try {
    const asked = await core.invoke('refreshCatalogue', {});
    if (!asked.ok) throw new Error(`refresh failed: ${describeError(asked.error)}`);
    return await ended;
  } finally {
    stop();
  }
}

/**
 * The catalogue's requests without the core: every page through plain fetch + JSON.parse, following the
 * service's next links; with `etags`, each page asked with the ETag of its last answer, as the catalogue
 * asks it (a 304 has nothing to parse). Returns how many animals came in full.
 */
export async function plainWalk(url: string, apiKey: string, etags?: Map<string, string>): Promise<number> {
  const headers = coreHeaders(apiKey);
  let next: string | undefined = `${url}/pets?limit=100`;
  let count = 0;
  while (next !== undefined) {
    const etag = etags?.get(next);
    const response: Response = await fetch(next, { headers: etag ? { ...headers, 'If-None-Match': etag } : headers });
    if (response.status !== 304) {
      const pets: unknown = JSON.parse(await response.text());
      if (!Array.isArray(pets)) throw new Error('The service did not list pets');
      count += pets.length;
      const fresh = response.headers.get('etag');
      if (etags && fresh) etags.set(next, fresh);
    }
    const target = /<([^>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
    next = target === undefined ? undefined : new URL(target, next).href;
  }
  return count;
}
