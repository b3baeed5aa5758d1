import { describe, expect, it } from 'vitest';
import { synced } from './test-support/catalogue';
import { faults, folder, openCore, service, SHOP } from './test-support/harness';
import { movableClock, sendJson } from './test-support';

describe('the deprecated lookup by id', () => {
  it('asks the service before 5 December 2030, with the warning, and the catalogue on and after it', async () => {
    // The counter and the service agree on the time: the removal date is the service's, judged by its clock.
    const clock = movableClock(Date.parse('2030-12-03T12:00:00Z'));
    const running = await service({
      initialPets: [{ id: '9007199254740993', name: 'Big Ben', categoryId: '2' }],
      now: clock.now,
    });
    const harness = await openCore(folder(), running.url, { now: clock.now });
    const { invoke } = harness;

    const before = await invoke('lookupPet', { id: '9007199254740993' });
    expect(before).toMatchObject({ source: 'service', pet: { name: 'Big Ben' } });
    expect(before.notice).toMatchObject({ removalDate: '2030-12-05', daysLeft: 2, mode: 'service' });
    // The service's 404 ("No pet with id …") is told in the app's own words.
    const { core } = await openCore(folder(), running.url, { now: clock.now });
    expect(await core.invoke('lookupPet', { id: '424242' })).toEqual({
      ok: false,
      error: { kind: 'not_found', reason: 'no_animal_with_id', status: 404, params: { id: '424242' } },
    });
    await synced(harness);

    clock.advance(2 * 86_400_000);
    await running.close();
    const after = await invoke('lookupPet', { id: '9007199254740993' });
    expect(after).toMatchObject({ source: 'cache', pet: { name: 'Big Ben' }, notice: { mode: 'cache', daysLeft: 0 } });
    expect(after.fetchedAt).toBeTypeOf('number');
    expect(await invoke('getDeprecationNotice', {})).toMatchObject({
      mode: 'cache',
      reason: 'removal_date_passed',
    });
  });

  it('stops calling the service once it answers 410, and says the answer is from the catalogue', async () => {
    const fault = await faults((path, response) =>
      path.startsWith('/v1/pets/')
        ? sendJson(response, 410, '{"code":"gone","message":"removed","status":410}')
        : sendJson(response, 200, '[{"id":5,"name":"Tom","categoryId":1}]'),
    );
    const harness = await openCore(folder(), fault.url);
    const { core, invoke } = harness;
    await synced(harness);
    const found = await invoke('lookupPet', { id: '5' });
    expect(found).toMatchObject({ source: 'cache', pet: { name: 'Tom' }, notice: { mode: 'cache' } });
    const asked = fault.requests.length;
    expect(await core.invoke('lookupPet', { id: '6' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(fault.requests.length).toBe(asked);
  });

  it('a 410 from the old address says nothing of the new one: moved to a shop that serves the lookup, it is asked; back, it is not', async () => {
    const old = await faults((path, response) =>
      path.startsWith('/v1/pets/')
        ? sendJson(response, 410, '{"code":"gone","message":"removed","status":410}')
        : sendJson(response, 200, '[]'),
    );
    const current = await service({ initialPets: SHOP });
    const harness = await openCore(folder(), old.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    await harness.core.invoke('lookupPet', { id: '7' });
    expect(await harness.invoke('getDeprecationNotice', {})).toMatchObject({ mode: 'cache', reason: 'service_gone' });
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: current.url });
    expect(await harness.invoke('getDeprecationNotice', {})).toMatchObject({ mode: 'service' });
    expect(await harness.invoke('lookupPet', { id: '7' })).toMatchObject({
      source: 'service',
      pet: { id: '7', name: 'Stock 6' },
    });
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: old.url });
    const asked = old.requests.length;
    await harness.core.invoke('lookupPet', { id: '7' });
    expect(old.requests.length).toBe(asked);
  });

  it('an answer about another animal than the one asked for is an unreadable answer: not shown, not put in the catalogue', async () => {
    // Asked for 42, the service (a cache in front of it, say) answers with 43.
    const fault = await faults((path, response) =>
      path.startsWith('/v1/pets/')
        ? sendJson(response, 200, '{"id":43,"name":"Not the one","categoryId":1}')
        : sendJson(response, 200, '[{"id":42,"name":"Bea","categoryId":1}]'),
    );
    const harness = await openCore(folder(), fault.url);
    await synced(harness);
    expect(await harness.core.invoke('lookupPet', { id: '42' })).toEqual({
      ok: false,
      error: { kind: 'invalid_response', reason: 'unreadable_answer', status: 200 },
    });
    expect((await harness.invoke('getCatalogue', {})).pets).toEqual([{ id: '42', name: 'Bea', categoryId: '1' }]);
  });
});

describe('a lookup asked in one environment while the counter switches to another', () => {
  it('is that environment’s answer: staging’s shop is never asked for the demo shop’s animal', async () => {
    const demo = await service({ initialPets: [{ id: '41', name: 'Demo Dora', categoryId: '1' }] });
    const staging = await service({ initialPets: [{ id: '41', name: 'Staging Sam', categoryId: '1' }] });
    const counter = await openCore(folder(), demo.url);
    await counter.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: staging.url });
    await counter.invoke('setApiKey', { environmentId: 'staging', apiKey: staging.apiKeys[0] ?? '' });
    await counter.invoke('selectEnvironment', { environmentId: 'staging' });
    // The clerk's question was asked on the demo screen; the switch reached the core first.
    expect(await counter.invoke('lookupPet', { id: '41', environmentId: 'demo' })).toMatchObject({
      source: 'service',
      pet: { name: 'Demo Dora' },
    });
    expect(await counter.invoke('lookupPet', { id: '41' })).toMatchObject({ pet: { name: 'Staging Sam' } });
  });
});
