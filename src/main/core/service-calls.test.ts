import { describe, expect, it } from 'vitest';
import { ApiKeys } from './api-keys';
import { ServiceCalls } from './service-calls';
import { memorySecrets, movableClock, sendJson } from './test-support';
import { faults, folder, openCore, service, SHOP } from './test-support/harness';

/** A service stand-in (no server needed): answers 429 with Retry-After 30 first, then an empty list. */
function busyThenFine(retryAfter = '30') {
  let requests = 0;
  const fetch = (): Promise<Response> => {
    requests += 1;
    return Promise.resolve(
      requests === 1
        ? new Response('{"message":"slow down"}', {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
          })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { fetch, requests: () => requests };
}

const SERVICE = 'http://service.invalid/v1';

async function callsWith(fetch: typeof globalThis.fetch, now: () => number, address = { url: SERVICE }) {
  const keys = new ApiKeys(memorySecrets(), 'service-calls-test');
  await keys.set('demo', 'service-calls-key', new URL(SERVICE).origin);
  const calls = new ServiceCalls({
    fetch,
    appVersion: 'test',
    now,
    keys,
    baseUrl: () => address.url,
    onOutcome: () => undefined,
    onBackOnline: () => undefined,
  });
  return Object.assign(calls, { keys });
}

describe('service calls', () => {
  it('after a 429 with Retry-After, sends nothing until the wait is over', async () => {
    const clock = movableClock();
    const service = busyThenFine();
    const calls = await callsWith(service.fetch, clock.now);
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 5 }));

    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 30 } });
    clock.advance(10_000);
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 20 } });
    expect(service.requests()).toBe(1);
    clock.advance(20_000);
    await expect(list()).resolves.toEqual([]);
    expect(service.requests()).toBe(2);
  });

  it('a 429 stays "busy" when the key is removed while the request is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = () => new Promise<Response>((resolve) => (answer = resolve));
    const calls = await callsWith(fetch, Date.now);
    const listed = calls.call('demo', (client) => client.listPets({ limit: 5 }));
    await calls.keys.clear('demo');
    answer(new Response('{"message":"slow down"}', { status: 429, headers: { 'retry-after': '30' } }));
    await expect(listed).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 30 } });
  });

  it('while the platform is offline, refuses as "never sent", so an add can be queued', async () => {
    const service = busyThenFine();
    const calls = await callsWith(service.fetch, Date.now);
    calls.setPlatformOnline(false);
    await expect(calls.call('demo', (client) => client.listPets({ limit: 5 }))).rejects.toMatchObject({
      reach: 'not_reached',
      appError: { kind: 'unreachable' },
    });
    expect(service.requests()).toBe(0);
  });

  it('waits at most five minutes, however long the service asks', async () => {
    const clock = movableClock();
    const service = busyThenFine('99999999999');
    const calls = await callsWith(service.fetch, clock.now);
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 5 }));
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 300 } });
    clock.advance(300_000);
    await expect(list()).resolves.toEqual([]);
  });

  it('a wait holds for the address and key it was asked with: a new address or a new key lifts it', async () => {
    const clock = movableClock();
    const address = { url: SERVICE };
    const service = busyThenFine();
    const calls = await callsWith(service.fetch, clock.now, address);
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 5 }));
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited' } });

    await calls.keys.set('demo', 'another-key', new URL(SERVICE).origin);
    await expect(list()).resolves.toEqual([]);
    expect(service.requests()).toBe(2);

    const busyAgain = busyThenFine();
    const other = await callsWith(busyAgain.fetch, clock.now, address);
    await expect(other.call('demo', (client) => client.listPets({ limit: 5 }))).rejects.toMatchObject({
      appError: { kind: 'rate_limited' },
    });
    address.url = 'http://service.invalid/other/v1';
    await expect(other.call('demo', (client) => client.listPets({ limit: 5 }))).resolves.toEqual([]);
  });

  it('a wait holds for its address however the environment moves: elsewhere and back, not asked until it is over', async () => {
    const clock = movableClock();
    const address = { url: SERVICE };
    const asked: string[] = [];
    const fetch = (input: string | URL | Request): Promise<Response> => {
      const url = input instanceof Request ? input.url : input.toString();
      asked.push(url);
      return Promise.resolve(
        url.startsWith(`${SERVICE}/`)
          ? new Response('{"message":"slow down"}', { status: 429, headers: { 'retry-after': '300' } })
          : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    };
    const calls = await callsWith(fetch, clock.now, address);
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 5 }));
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 300 } });
    address.url = 'http://service.invalid/other/v1';
    await expect(list()).resolves.toEqual([]);
    address.url = SERVICE;
    clock.advance(60_000);
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 240 } });
    expect(asked.filter((url) => url.startsWith(`${SERVICE}/`))).toHaveLength(1);
    clock.advance(240_000);
    await expect(list()).rejects.toMatchObject({ appError: { kind: 'rate_limited', retryAfterSeconds: 300 } });
    expect(asked.filter((url) => url.startsWith(`${SERVICE}/`))).toHaveLength(2);
  });

  it('never sends a key to an origin it was not entered for', async () => {
    const service = busyThenFine();
    const address = { url: SERVICE };
    const calls = await callsWith(service.fetch, Date.now, address);
    address.url = 'https://elsewhere.example/v1';
    // The key is there, but for the old address: the clerk is asked to enter it again for the new one.
    await expect(calls.call('demo', (client) => client.listPets({ limit: 5 }))).rejects.toHaveProperty('appError', {
      kind: 'no_api_key',
      reason: 'key_for_old_address',
    });
    expect(service.requests()).toBe(0);
  });
});

describe('a service that asked for five minutes’ rest (429, Retry-After: 300)', () => {
  it('is not asked again within them when the clerk moves the environment to another shop and back', async () => {
    const resting = await faults((_path, response) =>
      sendJson(response, 429, JSON.stringify({ code: 'busy', message: 'Slow down', status: 429 }), {
        'retry-after': '300',
      }),
    );
    const other = await service({ initialPets: SHOP });
    const harness = await openCore(folder(), resting.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    expect(await harness.core.invoke('testConnection', { environmentId: 'demo' })).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryAfterSeconds: 300 },
    });
    const asked = resting.requests.length;
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: other.url });
    await harness.invoke('testConnection', { environmentId: 'demo' });
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: resting.url });
    expect(await harness.core.invoke('testConnection', { environmentId: 'demo' })).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', reason: 'asked_to_wait' },
    });
    expect(resting.requests.length).toBe(asked);
  });
});

describe('the service’s time, read from its answers’ Date', () => {
  /** A stand-in answering each request with the next of `answers`: a status and a Date header (or none). */
  function dated(answers: Array<[number, string | undefined]>) {
    return () => {
      const [status, date] = answers.shift() ?? [200, undefined];
      const headers = { 'content-type': 'application/json', ...(date !== undefined && { date }) };
      return Promise.resolve(new Response(status === 200 ? '[]' : '{"message":"no"}', { status, headers }));
    };
  }
  const FRIDAY = Date.parse('2026-11-20T17:00:00Z');
  const HOUR_MS = 60 * 60 * 1000;

  it('is unknown until the service answers in this run, then the service’s, not the counter’s', async () => {
    const clock = movableClock(FRIDAY + 2 * HOUR_MS);
    const calls = await callsWith(dated([[200, new Date(FRIDAY).toUTCString()]]), clock.now);
    expect(calls.serviceNow('demo')).toBeUndefined();
    await calls.call('demo', (client) => client.listPets({ limit: 1 }));
    // Date has whole seconds: the service's time may read up to a second early.
    expect(calls.serviceNow('demo')).toBeGreaterThan(FRIDAY - 1000);
    expect(calls.serviceNow('demo')).toBeLessThan(FRIDAY + 1000);
  });

  it('an error answer tells it too; an answer with no Date, an unreadable one or one before 1970 keeps what was known', async () => {
    const clock = movableClock(FRIDAY);
    const later = new Date(FRIDAY + 3 * HOUR_MS).toUTCString();
    const answers: Array<[number, string | undefined]> = [
      [503, later],
      [200, undefined],
      [200, 'soon'],
      [200, 'Wed, 31 Dec 1969 23:00:00 GMT'],
    ];
    const calls = await callsWith(dated(answers), clock.now);
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 1 })).catch(() => undefined);
    await list();
    expect(calls.serviceNow('demo')).toBeGreaterThan(FRIDAY + 3 * HOUR_MS - 1000);
    await list();
    await list();
    await list();
    expect(calls.serviceNow('demo')).toBeGreaterThan(FRIDAY + 3 * HOUR_MS - 1000);
  });

  it('a service that sends no Date: its time is the counter’s, once it answered', async () => {
    const clock = movableClock(FRIDAY);
    const calls = await callsWith(dated([[200, undefined]]), clock.now);
    await calls.call('demo', (client) => client.listPets({ limit: 1 }));
    expect(Math.abs((calls.serviceNow('demo') ?? 0) - clock.now())).toBeLessThan(50);
  });

  it('a service that sends no Date: its time is read on one stretch of the counter’s clock until that is stepped', async () => {
    const clock = movableClock(FRIDAY);
    const calls = await callsWith(
      dated([
        [200, undefined],
        [200, undefined],
        [200, undefined],
        [200, new Date(FRIDAY).toUTCString()],
      ]),
      clock.now,
    );
    const list = () => calls.call('demo', (client) => client.listPets({ limit: 1 }));
    await list();
    const friday = calls.counterStretch('demo');
    await list();
    expect(calls.counterStretch('demo')).toBe(friday);
    clock.advance(-2 * HOUR_MS);
    await list();
    expect(calls.counterStretch('demo')).not.toBe(friday);
    // The service's own clock once it dates its answers.
    await list();
    expect(calls.counterStretch('demo')).toBeUndefined();
  });

  it('is unknown again once the counter’s clock is stepped, until the next answer', async () => {
    const clock = movableClock(FRIDAY);
    const monday = new Date(FRIDAY + 25 * HOUR_MS).toUTCString();
    const calls = await callsWith(
      dated([
        [200, new Date(FRIDAY).toUTCString()],
        [200, monday],
      ]),
      clock.now,
    );
    await calls.call('demo', (client) => client.listPets({ limit: 1 }));
    clock.advance(25 * HOUR_MS - 2 * HOUR_MS);
    expect(calls.serviceNow('demo')).toBeUndefined();
    await calls.call('demo', (client) => client.listPets({ limit: 1 }));
    expect(calls.serviceNow('demo')).toBeGreaterThan(FRIDAY + 25 * HOUR_MS - 1000);
  });
});
