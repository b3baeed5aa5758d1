import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanups, faults, folder, freshCore, invoker, KEY, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { movableClock } from '../test-support';
import { catalogueFile, confirmedFile, OTHER_ADDRESS_KEPT_MS } from './stored';
import { IN_FLIGHT } from './sync';

/** A fetch that notes each request's URL, whether it was conditional, and the status it got. */
function countingFetch() {
  const seen: Array<{ url: string; conditional: boolean; status: number }> = [];
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      conditional: headers.has('if-none-match'),
      status: response.status,
    });
    return response;
  };
  return { seen, fetch: counting };
}

const catalogueFileIn = (dir: string) => {
  const name = readdirSync(dir).find((file) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(file));
  if (!name) throw new Error(`no catalogue file in ${dir}`);
  return join(dir, name);
};

/** A counter that synced the shop of 260 and closed, its service gone since: what is on disk is all there is. */
async function shopSyncedThenGone() {
  const running = await service({ initialPets: shop() });
  const dir = folder();
  const first = await openCore(dir, running.url);
  await synced(first);
  await first.core.close();
  await running.close();
  return { dir, url: running.url };
}

describe('the catalogue of a shop of 260 animals', () => {
  it('holds every animal, the 260th included, by following the service’s next links to the end', async () => {
    const running = await service({ initialPets: shop() });
    const requests = countingFetch();
    const harness = await openCore(folder(), running.url, { fetch: requests.fetch });
    await harness.invoke('refreshCatalogue', {});
    const catalogue = await synced(harness);
    expect(catalogue).toMatchObject({ count: 260, completeness: 'complete', state: 'fresh' });
    expect(catalogue.pets.at(-1)).toMatchObject({ id: '260', name: 'Animal 260' });
    expect(catalogue.pets.map((pet) => Number(pet.id))).toEqual(Array.from({ length: 260 }, (_, i) => i + 1));
    // The largest page, and the links the service gave.
    const pages = requests.seen.filter((request) => request.url.includes('/pets?limit=100'));
    expect(pages.map((request) => new URL(request.url).search)).toContain('?limit=100&after=200');
  });

  it('keeps its copy on disk: a restart shows all 260 before the service answers', async () => {
    const { dir, url } = await shopSyncedThenGone();
    const again = await openCore(dir, url);
    const catalogue = await again.invoke('getCatalogue', {});
    expect(catalogue.count).toBe(260);
    expect(catalogue.syncedAt).not.toBeNull();
    const after = await synced(again);
    expect(after).toMatchObject({ state: 'offline', count: 260, problem: { kind: 'unreachable' } });
  });

  it('keeps a page a refresh changed on disk as it now is: a restart shows the animal the refresh brought in', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const first = await openCore(dir, running.url);
    const before = await synced(first);
    running.insertPets([{ name: 'Latecomer', categoryId: '2' }]);
    await first.invoke('refreshCatalogue', {});
    expect((await synced(first, before.syncedAt ?? 0)).count).toBe(261);
    await first.core.close();
    await running.close();
    const again = await openCore(dir, running.url);
    const catalogue = await again.invoke('getCatalogue', {});
    expect(catalogue.count).toBe(261);
    expect(catalogue.pets.at(-1)).toMatchObject({ id: '261', name: 'Latecomer' });
  });

  it('refreshing an unchanged shop asks each page conditionally, gets 304s and rewrites nothing on disk', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const requests = countingFetch();
    const harness = await openCore(dir, running.url, { fetch: requests.fetch });
    const before = await synced(harness);
    await harness.core.close();
    const file = catalogueFileIn(dir);
    const bytes = readFileSync(file, 'utf8');
    const { mtimeMs } = statSync(file);

    const again = await openCore(dir, running.url, { fetch: requests.fetch });
    requests.seen.length = 0;
    const after = await synced(again, before.syncedAt ?? 0);
    await again.core.close();
    const pages = requests.seen.filter((request) => request.url.includes('/pets?limit=100'));
    // Three pages a sync (the address and then the key given at start may each start one).
    expect(pages.length % 3).toBe(0);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((page) => page.conditional && page.status === 304)).toBe(true);
    expect(after).toMatchObject({ count: 260, state: 'fresh' });
    expect(after.pets).toEqual(before.pets);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
  });

  it('is as old as the service’s last word on it after a restart, not as its last change, with the rows not rewritten', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const clock = movableClock(Date.UTC(2026, 10, 27, 8, 0));
    const counter = await openCore(dir, running.url, { now: clock.now });
    const morning = await synced(counter);
    await counter.core.close();
    const file = catalogueFileIn(dir);
    const bytes = readFileSync(file, 'utf8');

    // Two hours on, the service confirms the copy unchanged (every page a 304).
    const again = await openCore(dir, running.url, { now: clock.now });
    const twoHours = 2 * 60 * 60 * 1000;
    clock.advance(twoHours);
    const confirmed = await refreshed(again);
    expect(confirmed.syncedAt).toBeGreaterThanOrEqual((morning.syncedAt ?? 0) + twoHours);
    await again.core.close();
    await running.close();
    expect(readFileSync(file, 'utf8')).toBe(bytes);

    // Offline after a restart, the header and the lookup say "copy from 10:00", not 08:00.
    const offline = await openCore(dir, running.url, { now: clock.now });
    await expect.poll(async () => (await offline.invoke('getCatalogue', {})).state).toBe('offline');
    expect((await offline.invoke('getCatalogue', {})).syncedAt).toBe(confirmed.syncedAt);
  });

  it('brings a new animal on the last page in, asking only that page in full', async () => {
    const running = await service({ initialPets: shop() });
    const requests = countingFetch();
    const harness = await openCore(folder(), running.url, { fetch: requests.fetch });
    const before = await synced(harness);
    running.insertPets([{ name: 'Latecomer', categoryId: '2', status: 'pending' }]);
    requests.seen.length = 0;
    await harness.invoke('refreshCatalogue', {});
    const after = await synced(harness, before.syncedAt ?? 0);
    expect(after.count).toBe(261);
    expect(after.petsRevision).toBeGreaterThan(before.petsRevision);
    expect(after.pets.at(-1)).toMatchObject({ id: '261', name: 'Latecomer' });
    expect(requests.seen.filter((request) => request.status === 304)).toHaveLength(2);
  });

  it('follows the next link the last page gains once adds fill it, to the page after it', async () => {
    const running = await service({ initialPets: shop() });
    const harness = await openCore(folder(), running.url);
    const before = await synced(harness);
    running.insertPets(
      Array.from({ length: 41 }, (_, index) => ({ name: `Latecomer ${String(index + 1)}`, categoryId: '2' })),
    );
    await harness.invoke('refreshCatalogue', {});
    const after = await synced(harness, before.syncedAt ?? 0);
    expect(after.count).toBe(301);
    expect(after.pets.at(-1)).toMatchObject({ id: '301', name: 'Latecomer 41' });
  });
});

describe('a Refresh asked while a sync is under way', () => {
  it('before the sync has asked a page, is answered by that sync: the pages are asked once', async () => {
    const running = await service({ initialPets: shop() });
    const requests = countingFetch();
    const harness = await openCore(folder(), running.url, { fetch: requests.fetch });
    const before = await synced(harness);
    requests.seen.length = 0;
    // Pressed twice in a row (or a focus and a Refresh): the second comes before the first sync asked anything.
    await Promise.all([harness.invoke('refreshCatalogue', {}), harness.invoke('refreshCatalogue', {})]);
    const after = await synced(harness, before.syncedAt ?? 0);
    expect(after).toMatchObject({ count: 260, state: 'fresh' });
    expect(requests.seen.filter((request) => request.url.includes('/pets?limit=100'))).toHaveLength(3);
  });

  it('after the sync asked its pages, goes round once more: an animal added on the service meanwhile comes in', async () => {
    const running = await service({ initialPets: shop() });
    const held = { holding: false, asked: false, release: () => undefined as unknown };
    const gate = new Promise<void>((resolve) => {
      held.release = resolve;
    });
    // In the first Refresh, the last page's answer (made before the add below) is held until it is let go.
    const holding: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : input.toString();
      if (held.holding && url.endsWith('after=200')) {
        held.asked = true;
        await gate;
      }
      return response;
    };
    const harness = await openCore(folder(), running.url, { fetch: holding });
    await synced(harness);
    held.holding = true;
    await harness.invoke('refreshCatalogue', {});
    await expect.poll(() => held.asked, { timeout: 5000 }).toBe(true);
    running.insertPets([{ name: 'Latecomer', categoryId: '2' }]);
    await harness.invoke('refreshCatalogue', {});
    held.holding = false;
    held.release();
    await expect.poll(async () => (await harness.invoke('getCatalogue', {})).count, { timeout: 5000 }).toBe(261);
    expect((await synced(harness)).pets.at(-1)).toMatchObject({ id: '261', name: 'Latecomer' });
  });
});

describe('an add, then a Refresh at once', () => {
  it('asks the shop’s pages once: the Refresh brings the animal, and no second sync follows the add', async () => {
    const running = await service({ initialPets: shop() });
    const requests = countingFetch();
    const harness = await openCore(folder(), running.url, { fetch: requests.fetch });
    const before = await synced(harness);
    await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    // The sent animal is in the copy (and the sync after an add is due in half a second) before the Refresh.
    await expect.poll(async () => (await harness.invoke('getCatalogue', {})).count, { timeout: 5000 }).toBe(261);
    requests.seen.length = 0;
    await harness.invoke('refreshCatalogue', {});
    const after = await synced(harness, before.syncedAt ?? 0);
    expect(after.pets.at(-1)).toMatchObject({ id: '261', name: 'Bella' });
    // Well past the half second after the add: no sync came of it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(requests.seen.filter((request) => request.url.includes('/pets?limit=100'))).toHaveLength(3);
  });
});

describe('a refresh of a shop with more pages than are asked at once', () => {
  it('asks the pages behind a slow one meanwhile, never more than IN_FLIGHT at a time, so one slow answer holds back no other', async () => {
    const pages = IN_FLIGHT + 8;
    const running = await service({ generatedPets: pages * 100 });
    const asked: string[] = [];
    const inFlight = { refreshing: false, now: 0, most: 0 };
    const last = `after=${String((pages - 1) * 100)}`;
    // In the refresh, holds the second page's answer until the last page was asked, past the pages asked
    // with it (at most 600 ms, below the tests' request timeout).
    const slowing: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      asked.push(url);
      inFlight.now += 1;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      try {
        const response = await fetch(input, init);
        if (inFlight.refreshing && url.endsWith('after=100')) {
          await expect.poll(() => asked.some((seen) => seen.endsWith(last)), { timeout: 600 }).toBe(true);
        }
        return response;
      } finally {
        inFlight.now -= 1;
      }
    };
    const harness = await openCore(folder(), running.url, { fetch: slowing });
    const before = await synced(harness);
    expect(before.count).toBe(pages * 100);
    asked.length = 0;
    inFlight.most = 0;
    inFlight.refreshing = true;
    await harness.invoke('refreshCatalogue', {});
    const after = await synced(harness, before.syncedAt ?? 0);
    expect(after).toMatchObject({ count: pages * 100, state: 'fresh' });
    // Each page once a pass: a sync asked for meanwhile (the key just stored, on a busy machine) goes round once more.
    const passes = asked.filter((url) => url.endsWith('/pets?limit=100')).length;
    for (const url of new Set(asked)) expect(asked.filter((one) => one === url).length).toBeLessThanOrEqual(passes);
    expect(inFlight.most).toBeGreaterThan(1);
    expect(inFlight.most).toBeLessThanOrEqual(IN_FLIGHT);
  });
});

/** A service that accepts each connection and never answers a byte, telling when it has accepted this many. */
async function silentService() {
  const sockets = new Set<Socket>();
  const accepted: Array<() => void> = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    for (const wake of accepted.splice(0)) wake();
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolveClose) => server.close(resolveClose));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v1`,
    async connections(count: number) {
      while (sockets.size < count) await new Promise<void>((wake) => accepted.push(wake));
    },
  };
}

describe('what the catalogue never does', () => {
  it('holds the app’s closing on a service that accepts and never answers: its sync’s requests and the header’s check are cut off', async () => {
    const silent = await silentService();
    let underWay = 0;
    const counting: typeof fetch = async (input, init) => {
      underWay += 1;
      try {
        return await fetch(input, init);
      } finally {
        underWay -= 1;
      }
    };
    // Requests that would wait ten minutes for their own timeout: without the cut-off, closing waits as long.
    const harness = await openCore(folder(), silent.url, {
      fetch: counting,
      requestTimeoutMs: 600_000,
      freshness: { checkEveryMs: 20 },
    });
    // The sync that follows the key and the header's check each wait on a connection of their own.
    await silent.connections(2);
    await harness.core.close();
    expect(underWay).toBe(0);
  }, 30_000);

  it('sends no request for an environment without a key, at start, on focus or on Refresh', async () => {
    const server = await faults((_path, response) => {
      response.writeHead(500);
      response.end();
    });
    const core = await freshCore({ freshness: { checkEveryMs: 20 } });
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: server.url });
    await core.invoke('appFocused', { focused: false });
    await core.invoke('appFocused', { focused: true });
    const refreshed = await core.invoke('refreshCatalogue', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests).toEqual([]);
    const catalogue = await core.invoke('getCatalogue', {});
    expect(refreshed.ok && catalogue.ok && catalogue.value).toMatchObject({
      count: 0,
      state: 'error',
      problem: { kind: 'no_api_key' },
    });
  });

  it('moves a damaged or newer file aside, says so, and starts afresh', async () => {
    const running = await service({ initialPets: shop() });
    for (const [text, problem] of [
      ['{ not json', 'not_json'],
      [JSON.stringify({ format: 'petstore-counter/catalogue', version: 2 }), 'newer_version'],
      // A copy from before the catalogue said why it may be short: a cache, read as unreadable and synced again.
      [
        JSON.stringify({
          format: 'petstore-counter/catalogue',
          version: 1,
          environmentId: 'demo',
          baseUrl: running.url,
          complete: true,
          syncedAt: 1,
          extras: [],
        }),
        'not_recognised',
      ],
    ] as const) {
      const dir = folder();
      const first = await openCore(dir, running.url);
      await synced(first);
      await first.core.close();
      writeFileSync(catalogueFileIn(dir), text);
      const notices: unknown[] = [];
      const again = await openCore(dir, running.url, {});
      again.core.on('onNotice', (notice) => notices.push(notice));
      const catalogue = await synced(again);
      expect(catalogue.count).toBe(260);
      expect(readdirSync(dir).some((file) => file.startsWith('catalogue-demo-') && file.includes('.corrupt-'))).toBe(
        true,
      );
      const status = await again.invoke('getStatus', {});
      expect(status.notices).toContainEqual(
        expect.objectContaining({
          reason: 'file_unreadable',
          params: expect.objectContaining({ file: 'catalogue', problem }) as unknown,
        }),
      );
    }
  });

  it('a copy cut off mid-write keeps every page before the cut: offline, the shop is there but for its last page, said to be a copy cut short (not a service that lists at most 100 a status); once back, the sync brings the rest', async () => {
    const { dir, url } = await shopSyncedThenGone();
    const path = catalogueFile(dir, 'demo', url);
    const text = readFileSync(path, 'utf8');
    // The last page (animals 201 to 260) cut off half way.
    const cut = text.slice(0, text.lastIndexOf('"name":"Animal 230"'));
    writeFileSync(path, cut);

    const again = await openCore(dir, url);
    const offline = await refreshed(again);
    expect(offline).toMatchObject({ state: 'offline', count: 200, completeness: 'copy_cut_short' });
    expect(offline.pets.at(-1)).toMatchObject({ id: '200', name: 'Animal 200' });
    expect((await again.invoke('getStatus', {})).notices).toContainEqual(
      expect.objectContaining({
        reason: 'file_partly_read',
        params: expect.objectContaining({ file: 'catalogue', parts: '3' }) as unknown,
      }),
    );
    const backup = readdirSync(dir).find((file) => file.startsWith(`${basename(path, '.jsonl')}.corrupt-`));
    expect(readFileSync(join(dir, backup ?? ''), 'utf8')).toBe(cut);
    // Closed before the service is back: the copy written from what was read still says why it is short.
    await again.core.close();
    const reopened = await openCore(dir, url);
    expect(await reopened.invoke('getCatalogue', {})).toMatchObject({ count: 200, completeness: 'copy_cut_short' });
    await reopened.core.close();
    const back = await service({ initialPets: shop(), port: Number(new URL(url).port) });
    const whole = await synced(await openCore(dir, back.url));
    expect(whole).toMatchObject({ state: 'fresh', count: 260, completeness: 'complete' });
  });

  it('damaged at five starts in a row, keeps the three newest copies aside byte for byte, named as the catalogue’s JSON Lines', async () => {
    const running = await service({ initialPets: [{ name: 'Rex', categoryId: '1' }] });
    const dir = folder();
    const path = catalogueFile(dir, 'demo', running.url);
    const damage = (start: number) => `{ not json, damage ${String(start)}`;
    const noticed: unknown[] = [];
    for (let start = 0; start < 5; start += 1) {
      writeFileSync(path, damage(start));
      // A minute between starts, so each backup's name is its own.
      const harness = await openCore(dir, running.url, { now: () => Date.UTC(2026, 10, 26, 9, start) });
      await harness.invoke('getCatalogue', {});
      const { notices } = await harness.invoke('getStatus', {});
      noticed.push(notices.find((notice) => notice.id === 'corrupt-catalogue-demo')?.params?.backup);
      await harness.core.close();
    }
    const kept = readdirSync(dir)
      .filter((file) => file.includes('.corrupt-'))
      .sort();
    expect(kept).toEqual(noticed.slice(2));
    for (const name of kept) expect(name).toMatch(/^catalogue-demo-[0-9a-f]{16}\.corrupt-[0-9TZ-]+\.jsonl$/);
    expect(kept.map((file) => readFileSync(join(dir, file), 'utf8'))).toEqual([damage(2), damage(3), damage(4)]);
  });

  it('a copy it cannot open at all (a folder where its file belongs) is kept aside with a notice, and synced afresh', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const path = catalogueFile(dir, 'demo', running.url);
    mkdirSync(path);
    writeFileSync(join(path, 'kept.txt'), 'still here');
    const harness = await openCore(dir, running.url);
    expect(await synced(harness)).toMatchObject({ count: 260 });
    expect((await harness.invoke('getStatus', {})).notices).toContainEqual(
      expect.objectContaining({
        reason: 'file_unreadable',
        params: expect.objectContaining({ file: 'catalogue' }) as unknown,
      }),
    );
    const backup = readdirSync(dir).find((file) => file.startsWith(`${basename(path, '.jsonl')}.corrupt-`));
    expect(readFileSync(join(dir, backup ?? '', 'kept.txt'), 'utf8')).toBe('still here');
    await harness.core.close();
    expect(readFileSync(path, 'utf8')).toContain('Animal 260');
  });

  it('keeps each environment’s animals to itself', async () => {
    const shopA = await service({ initialPets: [{ name: 'Only in demo', categoryId: '1' }] });
    const shopB = await service({
      initialPets: [
        { name: 'Only in staging', categoryId: '1' },
        { name: 'Two', categoryId: '1' },
      ],
    });
    const harness = await openCore(folder(), shopA.url);
    await synced(harness);
    await harness.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: shopB.url });
    await harness.invoke('setApiKey', { environmentId: 'staging', apiKey: shopB.apiKeys[0] });
    await harness.invoke('selectEnvironment', { environmentId: 'staging' });
    const staging = await synced(harness);
    expect(staging).toMatchObject({ environmentId: 'staging', count: 2 });
    expect(staging.pets.map((pet) => pet.name)).toEqual(['Only in staging', 'Two']);
    await harness.invoke('selectEnvironment', { environmentId: 'demo' });
    const demo = await harness.invoke('getCatalogue', {});
    expect(demo.pets.map((pet) => pet.name)).toEqual(['Only in demo']);
  });
});

describe('a copy per environment and address, kept while it is in use', () => {
  const cataloguesIn = (dir: string) =>
    readdirSync(dir).filter((file) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(file));
  const ageBy = (file: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(file, then, then);
  };
  const MINUTE = 60 * 1000;

  it('moving the environment to another address and back finds the first shop’s 260 again, offline too', async () => {
    const first = await service({ initialPets: shop() });
    const other = await service({ initialPets: [{ name: 'At the other address', categoryId: '1' }] });
    const dir = folder();
    const harness = await openCore(dir, first.url);
    const before = await synced(harness);
    expect(before.count).toBe(260);
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: other.url });
    // A key goes only to the origin it was entered for: the clerk enters it again, which syncs.
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: other.apiKeys[0] });
    const moved = await synced(harness, before.syncedAt ?? 0);
    expect(moved.pets.map((pet) => pet.name)).toEqual(['At the other address']);
    // The new address's copy is written once its sync has ended, a moment after the screens hear of it.
    await expect.poll(() => cataloguesIn(dir)).toHaveLength(2);
    // Back to the first shop, now out of reach: its rows are there without a sync.
    await first.close();
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: first.url });
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: first.apiKeys[0] });
    expect((await harness.invoke('getCatalogue', {})).count).toBe(260);
    const back = await refreshed(harness);
    expect(back).toMatchObject({ state: 'offline', count: 260, problem: { kind: 'unreachable' } });
    expect(back.pets.at(-1)).toMatchObject({ id: '260', name: 'Animal 260' });
  });

  it('a truncated settings file (the app starts at the default address) costs the shop’s copy nothing', async () => {
    const { dir, url } = await shopSyncedThenGone();
    const settings = join(dir, 'settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').slice(0, 40));
    const broken = { invoke: invoker(await freshCore({ dataDir: dir })) };
    expect((await broken.invoke('getCatalogue', {})).count).toBe(0);
    // The clerk puts the address (and its key) right, offline: the shop's 260 are there.
    await broken.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: url });
    await broken.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    expect(await refreshed(broken)).toMatchObject({ state: 'offline', count: 260 });
  });

  it('a demo service on a new port at each start (npm start) leaves a file per start for 30 days, not for ever', async () => {
    const dir = folder();
    const files: string[] = [];
    for (const name of ['Monday', 'Tuesday', 'Wednesday']) {
      const running = await service({ initialPets: [{ name, categoryId: '1' }] });
      const harness = await openCore(dir, running.url);
      expect((await synced(harness)).pets.map((pet) => pet.name)).toEqual([name]);
      await harness.core.close();
      await running.close();
      files.push(catalogueFile(dir, 'demo', running.url));
    }
    expect(cataloguesIn(dir)).toHaveLength(3);
    const [monday, tuesday, wednesday] = files as [string, string, string];
    // When an unchanged sync last confirmed Monday's copy goes with it.
    writeFileSync(confirmedFile(monday), JSON.stringify({ syncedAt: 1 }));
    ageBy(monday, OTHER_ADDRESS_KEPT_MS + MINUTE);
    ageBy(tuesday, OTHER_ADDRESS_KEPT_MS - MINUTE);
    // Another environment's copy is its own, and stays however old.
    const staging = join(dir, 'catalogue-staging-0123456789abcdef.jsonl');
    writeFileSync(staging, '');
    ageBy(staging, 2 * OTHER_ADDRESS_KEPT_MS);
    const running = await service();
    await (await openCore(dir, running.url)).core.close();
    expect(existsSync(monday)).toBe(false);
    expect(existsSync(confirmedFile(monday))).toBe(false);
    expect(existsSync(tuesday)).toBe(true);
    expect(existsSync(wednesday)).toBe(true);
    expect(existsSync(staging)).toBe(true);
  });

  it('a shop unchanged for 40 days is in use once opened: moving on does not remove its copy', async () => {
    const quiet = await service({ initialPets: shop() });
    const dir = folder();
    const first = await openCore(dir, quiet.url);
    await synced(first);
    await first.core.close();
    const file = catalogueFile(dir, 'demo', quiet.url);
    ageBy(file, 40 * 24 * 60 * MINUTE);
    // Opened today: its sync changes nothing and writes nothing, but the copy counts as in use.
    const today = await openCore(dir, quiet.url);
    await synced(today);
    expect(statSync(file).mtimeMs).toBeGreaterThan(Date.now() - MINUTE);
    const other = await service();
    await today.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: other.url });
    await today.invoke('setApiKey', { environmentId: 'demo', apiKey: other.apiKeys[0] });
    await synced(today);
    await today.core.close();
    expect(existsSync(file)).toBe(true);
  });
});
