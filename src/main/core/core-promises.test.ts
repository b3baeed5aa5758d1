/** Promises of the core that a deliberate break left untested: request shapes, the key and redirects, the log. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ipcContract, type IpcInput, type IpcMethod } from '../../shared';
import { capturingLogger, sendJson } from './test-support';
import { synced } from './test-support/catalogue';
import { KEY, faults, folder, openCore } from './test-support/harness';

/** A request of each kind as the screens send it; a channel added to the contract needs one here (the type says so). */
const id = randomUUID();
const pet = { name: 'Rex', categoryId: '1' };
const requests: { [M in IpcMethod]: IpcInput<M> } = {
  getStatus: {},
  setLanguage: { language: 'de' },
  appFocused: { focused: true },
  getSettings: {},
  selectEnvironment: { environmentId: 'demo' },
  setBaseUrl: { environmentId: 'demo', baseUrl: 'http://127.0.0.1:1/v1' },
  setApiKey: { environmentId: 'demo', apiKey: KEY },
  clearApiKey: { environmentId: 'demo' },
  restoreDemoKey: {},
  setPreferences: { preferences: {} },
  testConnection: { environmentId: 'demo' },
  testApiKey: { environmentId: 'demo', apiKey: KEY },
  getCategories: {},
  setCategoryLabel: { category: { id: '1', label: 'Cats' } },
  removeCategoryLabel: { id: '1' },
  saveExport: { fileName: 'animals.csv', contents: 'id,name\n' },
  createPet: { pet },
  lookupPet: { id: '1' },
  getDeprecationNotice: {},
  getCatalogue: {},
  refreshCatalogue: {},
  getOutbox: {},
  retryOutboxItem: { id },
  discardOutboxItem: { id, seen: { state: 'queued', attempts: 0 } },
  editOutboxItem: { id, pet },
  confirmOutboxItem: { id },
};
const methods = Object.keys(requests) as IpcMethod[];

describe('a request of the wrong shape, on any channel', () => {
  it('every channel has a request of its own here, and each reads as it is', () => {
    expect(methods.toSorted()).toEqual(Object.keys(ipcContract).toSorted());
    for (const method of methods)
      expect([method, ipcContract[method].input.safeParse(requests[method]).success]).toEqual([method, true]);
  });

  it('is refused before anything runs: a field the channel does not have, a bare value, a list', async () => {
    const { core, invoke } = await openCore(folder(), 'http://127.0.0.1:1/v1');
    const refused = { ok: false, error: { kind: 'invalid_input' } };
    for (const method of methods) {
      const wrong = [{ ...requests[method], unexpected: 'field' }, 'text', [requests[method]], null];
      for (const input of wrong) expect([method, await core.invoke(method, input)]).toMatchObject([method, refused]);
    }
    // Nothing those requests asked for happened: no animal waits, the key is still there.
    expect((await invoke('getOutbox', {})).items).toEqual([]);
    const settings = await invoke('getSettings', {});
    expect(settings.environments.find((environment) => environment.id === 'demo')?.hasKey).toBe(true);
  });
});

describe('a service that sends the app elsewhere (a redirect to another host)', () => {
  async function redirecting() {
    const other = await faults((_path, response) =>
      sendJson(response, 200, '{"id":41,"name":"Elsewhere","categoryId":1}'),
    );
    const shop = await faults((path, response) => {
      if (path.startsWith('/v1/pets?')) {
        sendJson(response, 200, '[{"id":41,"name":"Bea","categoryId":1}]');
        return;
      }
      // The lookup and the add are sent on; 307 keeps the method and the body.
      response.writeHead(307, { location: `${other.url}${path.replace(/^\/v1/, '')}` });
      response.end();
    });
    const harness = await openCore(folder(), shop.url);
    await synced(harness);
    return { harness, other };
  }

  it('the lookup by id goes nowhere else: the other host hears nothing, and no key', async () => {
    const { harness, other } = await redirecting();
    // The clerk is told the service sent the app elsewhere, and shown nothing from there.
    expect(await harness.core.invoke('lookupPet', { id: '41' })).toEqual({
      ok: false,
      error: { kind: 'invalid_response', reason: 'redirected' },
    });
    expect(other.requests).toEqual([]);
  });

  it('an add goes nowhere else: the other host hears nothing, no key, no animal', async () => {
    const { harness, other } = await redirecting();
    // The animal waits in the outbox, with the reason, for the clerk's check (the service may have acted on it); the
    // check shows no Biscuit on the service, and sent again, it goes nowhere else either.
    const added = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '1' } });
    expect(added).toMatchObject({
      outcome: 'queued',
      item: { pet: { name: 'Biscuit' }, lastError: { reason: 'redirected' } },
    });
    await vi.waitFor(
      async () =>
        expect((await harness.invoke('getOutbox', {})).items[0]).toMatchObject({
          state: 'needs_attention',
          check: 'needs_check',
          matches: { pets: [] },
        }),
      { timeout: 5000, interval: 50 },
    );
    const itemId = added.outcome === 'queued' ? added.item.id : '';
    await harness.invoke('retryOutboxItem', { id: itemId });
    await vi.waitFor(async () => expect((await harness.invoke('getOutbox', {})).items[0]?.attempts).toBe(2), {
      timeout: 5000,
      interval: 50,
    });
    expect(other.requests).toEqual([]);
  });
});

describe('a service that answers an add with 303 See Other (it created the animal, and says where)', () => {
  it('gets the add once: the animal waits for the clerk’s check, not sent again on its own', async () => {
    const created: string[] = [];
    const shop = await faults((path, response) => {
      if (response.req.method === 'POST') {
        created.push(String(response.req.headers['idempotency-key']));
        response.writeHead(303, { location: `/v1/pets/${String(created.length)}` });
        response.end();
        return;
      }
      sendJson(response, 200, '[]');
    });
    const harness = await openCore(folder(), shop.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
      item: { lastError: { reason: 'redirected' } },
    });
    await vi.waitFor(
      async () =>
        expect((await harness.invoke('getOutbox', {})).items[0]).toMatchObject({
          state: 'needs_attention',
          check: 'needs_check',
          attempts: 1,
        }),
      { timeout: 5000, interval: 50 },
    );
    expect(created).toHaveLength(1);
  });
});

describe('the log', () => {
  it('never holds the key, even where the service echoes it in the lookup’s Deprecation and Sunset', async () => {
    const shop = await faults((path, response) => {
      if (!path.startsWith('/v1/pets/')) {
        sendJson(response, 200, '[]');
        return;
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        deprecation: `key=${KEY}`,
        sunset: `Bearer ${KEY}`,
      });
      response.end('{"id":41,"name":"Bea","categoryId":1}');
    });
    const logger = capturingLogger();
    const harness = await openCore(folder(), shop.url, { logger });
    expect(await harness.invoke('lookupPet', { id: '41' })).toMatchObject({ source: 'service', pet: { name: 'Bea' } });
    // The line that reports the service's headers is written, without the key.
    expect(logger.lines.some((line) => line.includes('lookup: service sent Deprecation'))).toBe(true);
    expect(logger.lines.filter((line) => line.includes(KEY))).toEqual([]);
  });
});
