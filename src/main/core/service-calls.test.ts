import { describe, expect, it } from 'vitest';
import { ApiKeys } from './api-keys';
import { ServiceCalls } from './service-calls';
import { memorySecrets, movableClock } from './test-support';

/** A service stand-in (no server needed): answers 429 with Retry-After 30 first, then an empty list. */
function busyThenFine() {
  let requests = 0;
  const fetch = (): Promise<Response> => {
    requests += 1;
    return Promise.resolve(
      requests === 1
        ? new Response('{"message":"slow down"}', {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { fetch, requests: () => requests };
}

async function callsWith(fetch: typeof globalThis.fetch, now: () => number) {
  const keys = new ApiKeys(memorySecrets(), 'service-calls-test');
  await keys.set('demo', 'service-calls-key');
  return new ServiceCalls({
    fetch,
    appVersion: 'test',
    now,
    keys,
    baseUrl: () => 'http://service.invalid/v1',
    onOutcome: () => undefined,
    onBackOnline: () => undefined,
  });
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
});
