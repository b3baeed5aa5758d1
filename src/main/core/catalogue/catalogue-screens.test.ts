import { describe, expect, it } from 'vitest';
import { LIMIT_MAX } from '../../../shared';
import { allPets, cleanups, faults, folder, openCore, service, SHOP } from '../test-support/harness';
import { startLinklessService } from '../test-support/linkless-service';
import { cataloguesIn, shop, synced } from '../test-support/catalogue';

describe('every screen reads the one catalogue', () => {
  it('offline, the lookup answers from the catalogue, the same animal the list shows from the last page', async () => {
    const running = await service({ initialPets: shop() });
    const harness = await openCore(folder(), running.url);
    const catalogue = await synced(harness);
    const listed = catalogue.pets.find((pet) => pet.id === '250');
    await running.close();
    const found = await harness.invoke('lookupPet', { id: '250' });
    expect(found).toMatchObject({ source: 'cache', pet: listed, offlineReason: { kind: 'unreachable' } });
    expect(found.fetchedAt).toBe(catalogue.syncedAt);
  });

  it('an added animal is in the catalogue by the time the add is answered, and stays once synced', async () => {
    const running = await service({ initialPets: shop() });
    const harness = await openCore(folder(), running.url);
    await synced(harness);
    const outcome = await harness.invoke('createPet', { pet: { name: 'Newcomer', categoryId: '3' } });
    expect(outcome.outcome).toBe('created');
    const created = outcome.outcome === 'created' ? outcome.pet : undefined;
    const catalogue = await harness.invoke('getCatalogue', {});
    expect(catalogue.count).toBe(261);
    expect(catalogue.pets.at(-1)).toEqual(created);
    // The sync after the add brings the last page, holding it: once, not twice.
    await expect
      .poll(async () => (await harness.invoke('getCatalogue', {})).syncedAt)
      .toBeGreaterThan(catalogue.syncedAt ?? 0);
    const after = await harness.invoke('getCatalogue', {});
    expect(after.pets.filter((pet) => pet.name === 'Newcomer')).toEqual([created]);
  });

  it('an animal added just before the service went away and the app closed is found offline after a restart', async () => {
    const running = await service({ initialPets: shop() });
    const dataDir = folder();
    const harness = await openCore(dataDir, running.url);
    await synced(harness);
    const outcome = await harness.invoke('createPet', { pet: { name: 'Last One', categoryId: '3' } });
    const created = outcome.outcome === 'created' ? outcome.pet : undefined;
    await running.close();
    await harness.core.close();
    const restarted = await openCore(dataDir, running.url);
    expect(await restarted.invoke('lookupPet', { id: created?.id ?? '' })).toMatchObject({
      source: 'cache',
      pet: created,
    });
    await restarted.core.close();
  });

  it('where the service answers the lookup differently, the service wins and the catalogue is corrected, saying so', async () => {
    // As the service sends them: ids are JSON numbers.
    const listed = [
      { id: 5, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 6, name: 'Gone', categoryId: 1, status: 'sold' },
    ];
    const answers: Record<string, [number, unknown]> = {
      '/v1/pets/5': [200, { ...listed[0], status: 'sold' }],
      '/v1/pets/6': [404, { code: 'not_found', message: 'No pet', status: 404 }],
    };
    const server = await faults((path, response) => {
      const [status, body] = path.startsWith('/v1/pets?') ? [200, listed] : (answers[path] ?? [404, {}]);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    const harness = await openCore(folder(), server.url);
    await synced(harness);
    const same = await harness.invoke('lookupPet', { id: '5' });
    expect(same).toMatchObject({ source: 'service', catalogue: 'corrected', pet: { id: '5', status: 'sold' } });
    expect((await harness.invoke('getCatalogue', {})).pets[0]).toMatchObject({ id: '5', status: 'sold' });
    expect(await harness.invoke('lookupPet', { id: '5' })).toMatchObject({ catalogue: 'agreed' });

    const gone = await harness.core.invoke('lookupPet', { id: '6' });
    expect(gone).toMatchObject({ ok: false, error: { kind: 'not_found', reason: 'no_animal_with_id' } });
    expect((await harness.invoke('getCatalogue', {})).pets.map((pet) => pet.id)).toEqual(['5']);
  });
});

describe('a changed address', () => {
  it('is one catalogue for the sync and every screen, however many ask at once', async () => {
    const before = await service({ initialPets: shop().slice(0, 3) });
    const after = await service({ initialPets: shop() });
    let baseUrl = before.url;
    const catalogues = cataloguesIn(() => baseUrl);
    await catalogues.sync('demo');
    baseUrl = after.url;
    // The screen asks while the sync after the change starts: both find the new address's catalogue.
    const [synced, shown] = await Promise.all([catalogues.sync('demo'), catalogues.view('demo')]);
    expect(synced.count).toBe(260);
    expect(shown.petsRevision).toBeLessThanOrEqual(synced.petsRevision);
    expect((await catalogues.view('demo')).count).toBe(260);
    await catalogues.close();
  });
});

describe('the outbox’s check for an uncertain add', () => {
  it('searches the whole catalogue, freshly synced, newest first', async () => {
    const running = await service({
      initialPets: [
        ...shop().slice(0, 2),
        { name: 'Max', categoryId: '1' },
        ...shop().slice(0, 150),
        { name: 'Max', categoryId: '1' },
        { name: 'Max', categoryId: '2' },
        ...shop().slice(0, 100),
      ],
    });
    const catalogues = cataloguesIn(() => running.url);
    await catalogues.sync('demo');
    // Created after the last sync, beyond the first page: the check syncs first.
    const [latest] = running.insertPets([{ name: 'Max', categoryId: '1' }]);
    const matches = await catalogues.findMatches('demo', { name: 'Max', categoryId: '1' });
    await catalogues.close();
    expect(matches.pets.map((pet) => pet.id)).toEqual([latest?.id, '154', '3']);
    expect(Number(latest?.id)).toBeGreaterThan(2 * LIMIT_MAX);
    expect(matches.complete).toBe(true);
  });

  it('at a service without next links (as its own document describes it), 250 animals, says no match may yet be an animal it does not list', async () => {
    const running = await service({ initialPets: SHOP });
    const linkless = await startLinklessService(running.url);
    cleanups.push(() => linkless.close());
    const catalogues = cataloguesIn(() => linkless.url);
    // The add the app lost the answer to: the service did create Bella, the 251st animal, available.
    running.insertPets([{ name: 'Bella', categoryId: '2' }]);
    const matches = await catalogues.findMatches('demo', { name: 'Bella', categoryId: '2' });
    const view = await catalogues.view('demo');
    await catalogues.close();
    expect(view.completeness).toBe('service_lists_capped');
    expect(matches).toEqual({ pets: [], complete: false });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Bella')).toHaveLength(1);
  });
});
