import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { forward, startRelay, type Relay } from '../../src/main/core/test-support/relay';
import { configureEnvironment, screens } from './screens';

/** What another counter did to an animal behind the app's back. */
export type Change = { name?: string; status?: 'available' | 'pending' | 'sold' } | 'deleted';

export interface ChangingShop extends Relay {
  /** Another counter renames, re-statuses or deletes animals by id: every list and lookup from now on says so. */
  change(id: string, change: Change): void;
  /** How long the deprecated GET /pets/{id} takes to answer (a slow service). */
  lookupDelayMs: number;
  /** While true the service takes every request and never answers (frozen, not stopped). */
  frozen: boolean;
}

type WirePet = { id: number | string; name: string; categoryId: number | string; status?: string };

/**
 * The reference service as another counter leaves it: the same animals, with the changes `change` makes (the
 * reference service itself only creates). Its pages keep their next links and carry no ETag, so every sync reads
 * what the service holds now.
 */
export async function startChangingShop(upstream: string): Promise<ChangingShop> {
  const changes = new Map<string, Change>();
  const shop = { lookupDelayMs: 0, frozen: false };
  const apply = (pet: WirePet): WirePet | null => {
    const change = changes.get(String(pet.id));
    if (change === undefined) return pet;
    if (change === 'deleted') return null;
    return { ...pet, ...change };
  };
  const relay = await startRelay(async (request, response) => {
    // Frozen: the request is taken and left unanswered (the relay's close cuts it).
    if (shop.frozen) return new Promise<void>(() => undefined);
    const single = /^\/v1\/pets\/(\d+)$/.exec(request.url);
    if (single && request.method === 'GET' && shop.lookupDelayMs > 0) await sleep(shop.lookupDelayMs);
    const answer = await forward(upstream, request, ['content-type', 'idempotency-key']);
    const headers = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['etag', 'content-length', 'transfer-encoding', 'connection'].includes(name),
      ),
    );
    let text = answer.text;
    if (answer.status === 200 && request.method === 'GET' && request.url.startsWith('/v1/pets')) {
      const body = JSON.parse(text) as WirePet | WirePet[];
      if (Array.isArray(body)) text = JSON.stringify(body.map(apply).filter((pet) => pet !== null));
      else {
        const pet = apply(body);
        if (pet === null) {
          // The service's own 404, for an id it never had.
          const gone = await forward(upstream, { ...request, url: '/v1/pets/999999999' });
          response.writeHead(gone.status, { 'content-type': 'application/json' });
          response.end(gone.text);
          return;
        }
        text = JSON.stringify(pet);
      }
    }
    response.writeHead(answer.status, headers);
    response.end(text);
  });
  return Object.defineProperties(relay as ChangingShop, {
    change: { value: (id: string, change: Change) => void changes.set(id, change) },
    lookupDelayMs: {
      get: () => shop.lookupDelayMs,
      set: (ms: number) => (shop.lookupDelayMs = ms),
    },
    frozen: {
      get: () => shop.frozen,
      set: (frozen: boolean) => (shop.frozen = frozen),
    },
  });
}

/**
 * The demo pointed, through Settings, at the service behind a changing shop, the clerk back on the list: `story` runs
 * with it, and the relay is closed after, whatever the story asserted.
 */
export async function withChangingShop(
  page: Page,
  service: { url: string; apiKey: string },
  story: (shop: ChangingShop) => Promise<void>,
): Promise<void> {
  const relay = await startChangingShop(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', relay.url, service.apiKey);
    await screens(page).nav('Animals').click();
    await story(relay);
  } finally {
    await relay.close();
  }
}
