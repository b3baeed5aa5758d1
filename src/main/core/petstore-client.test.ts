import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server';
import { MAX_ANSWER_BYTES, PetstoreClient } from './petstore-client';
import { ServiceFailure } from './service-errors';
import { closedPort, sendJson, startFaultServer, type FaultServer } from './test-support';

let service: RunningServer;

beforeAll(async () => {
  service = await startServer({
    port: 0,
    apiKeys: ['client-test-key'],
    initialPets: [{ id: '9007199254740993', name: 'Big Ben', categoryId: '9223372036854775807', status: 'sold' }],
  });
});
afterAll(() => service.close());

const client = (overrides: Partial<ConstructorParameters<typeof PetstoreClient>[0]> = {}) =>
  new PetstoreClient({ fetch, baseUrl: service.url, apiKey: 'client-test-key', appVersion: '1.2.3', ...overrides });

/** The failure a call ends in (the test fails if it succeeds). */
async function failureOf(promise: Promise<unknown>): Promise<ServiceFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('talking to the reference service', () => {
  it('adds an animal, finds it in the list filtered by status, and looks it up by id', async () => {
    const created = await client().createPet({ name: 'Ñandú 🐦', categoryId: '3', status: 'pending' });
    expect(created).toMatchObject({ name: 'Ñandú 🐦', categoryId: '3', status: 'pending' });
    const pending = await client().listPets({ limit: 100, status: 'pending' });
    expect(pending).toContainEqual(created);
    expect(pending.every((pet) => pet.status === 'pending')).toBe(true);
    const looked = await client().getPet(created.id);
    expect(looked.pet).toEqual(created);
    expect(looked.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  });

  it('keeps ids beyond 2^53 exact', async () => {
    const sold = await client().listPets({ limit: 100, status: 'sold' });
    expect(sold).toContainEqual({
      id: '9007199254740993',
      name: 'Big Ben',
      categoryId: '9223372036854775807',
      status: 'sold',
    });
    expect((await client().getPet('9007199254740993')).pet.categoryId).toBe('9223372036854775807');
  });

  it('asks a catalogue page only under its base URL, however often it asked pages there before', async () => {
    const shop = client();
    const page = `${service.url}/pets?limit=100`;
    for (let round = 0; round < 2; round += 1) {
      expect(await shop.conditionalPage(page, undefined)).toMatchObject({ changed: true });
    }
    // As a damaged catalogue file could hold them: another port, out of the base path, not a URL at all.
    const { origin, port } = new URL(service.url);
    for (const elsewhere of [
      `http://127.0.0.1:${String(Number(port) + 1)}/v1/pets?limit=100`,
      `${service.url}/../admin/pets?limit=100`,
      `${origin}/pets?limit=100`,
      'pets?limit=100',
    ]) {
      await expect(shop.conditionalPage(elsewhere, undefined), elsewhere).rejects.toMatchObject({
        appError: { reason: 'next_page_elsewhere' },
      });
    }
  });

  it('says the key was refused (401), without repeating it', async () => {
    const failure = await failureOf(client({ apiKey: 'wrong-key-123' }).listPets({ limit: 5 }));
    expect(failure.appError).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(JSON.stringify(failure.appError)).not.toContain('wrong-key-123');
  });

  it('says when there is no such animal (404)', async () => {
    const failure = await failureOf(client().getPet('424242'));
    expect(failure.appError).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it("passes on the service's own message for invalid input (400)", async () => {
    // The form never sends this; a service that refuses a value must still be explained.
    const failure = await failureOf(client().createPet({ name: 'x'.repeat(201), categoryId: '1' }));
    expect(failure.appError).toMatchObject({ kind: 'invalid_input', reason: 'values_refused', status: 400 });
    // The service's own words, shown as the service's (not translated).
    expect(failure.appError.params).toEqual({
      serviceSaid: expect.stringMatching(/at most 200 characters/) as unknown,
    });
  });

  it('proves a refused connection never reached the service', async () => {
    const port = await closedPort();
    const failure = await failureOf(
      client({ baseUrl: `http://127.0.0.1:${port}/v1` }).createPet({ name: 'Rex', categoryId: '1' }),
    );
    expect(failure).toMatchObject({ reach: 'not_reached', appError: { kind: 'unreachable' } });
  });

  it('cannot find an address that does not exist (DNS)', async () => {
    const failure = await failureOf(
      client({ baseUrl: 'https://petstore.invalid/v1', timeoutMs: 5000 }).listPets({ limit: 1 }),
    );
    expect(failure.reach).toBe('not_reached');
    expect(failure.appError.kind).toBe('unreachable');
  });
});

describe('faults the reference service never produces', () => {
  let faults: FaultServer;
  const behaviour = new Map<string, (response: ServerResponse) => void>();

  beforeAll(async () => {
    faults = await startFaultServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname.replace('/v1/', '');
      const act = behaviour.get(path.split('/')[0] ?? '');
      if (act) act(response);
      else sendJson(response, 200, '[]');
    });
  });
  afterAll(() => faults.close());

  const against = (scenario: string, act: (response: ServerResponse) => void, timeoutMs = 10_000) => {
    behaviour.set(scenario, act);
    return new PetstoreClient({
      fetch,
      baseUrl: `${faults.url}/${scenario}`,
      apiKey: 'fault-key',
      appVersion: '1.2.3',
      timeoutMs,
    });
  };

  it('sends the bearer key, JSON headers and the app version', async () => {
    await against('headers', (response) => sendJson(response, 201, '{"id":1,"name":"Rex","categoryId":1}')).createPet({
      name: 'Rex',
      categoryId: '1',
    });
    const seen = faults.requests.at(-1);
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer fault-key',
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'PetstoreCounter/1.2.3',
    });
    expect(seen?.body).toBe('{"name":"Rex","categoryId":1}');
  });

  it('an HTML 502 from a proxy is a server error, and ambiguous', async () => {
    const failure = await failureOf(
      against('html502', (response) => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html><body>Bad Gateway</body></html>');
      }).listPets({ limit: 5 }),
    );
    expect(failure).toMatchObject({ reach: 'ambiguous', appError: { kind: 'server_error', status: 502 } });
  });

  it('a body cut off mid-way is an invalid response', async () => {
    const failure = await failureOf(
      against('truncated', (response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        response.write('[{"id":1,"name":"Re');
        setTimeout(() => response.destroy(), 20);
      }).listPets({ limit: 5 }),
    );
    expect(failure.appError.kind).toBe('invalid_response');
  });

  it('a service that never answers times out, and that is ambiguous', async () => {
    const failure = await failureOf(against('hang', () => undefined, 300).createPet({ name: 'Rex', categoryId: '1' }));
    expect(failure).toMatchObject({ reach: 'ambiguous', appError: { kind: 'timeout' } });
  });

  it('a connection reset after the request went out is ambiguous', async () => {
    const failure = await failureOf(
      against('reset', (response) => response.socket?.destroy()).createPet({ name: 'Rex', categoryId: '1' }),
    );
    expect(failure.reach).toBe('ambiguous');
    expect(failure.appError.kind).toBe('unreachable');
  });

  it('429 says how long to wait, from Retry-After', async () => {
    const failure = await failureOf(
      against('busy', (response) =>
        sendJson(response, 429, '{"code":"rate_limited","message":"slow down","status":429}', { 'retry-after': '30' }),
      ).listPets({ limit: 5 }),
    );
    expect(failure.appError).toEqual({
      kind: 'rate_limited',
      reason: 'busy',
      status: 429,
      retryAfterSeconds: 30,
      params: { seconds: 30 },
    });
  });

  it('410 says the operation is gone', async () => {
    const failure = await failureOf(
      against('gone', (response) => sendJson(response, 410, '{"code":"gone","message":"removed","status":410}')).getPet(
        '1',
      ),
    );
    expect(failure.appError).toMatchObject({ kind: 'gone', status: 410 });
  });

  it.each([
    ['wrong shape', 'application/json', '[{"id":"one","name":"Rex"}]'],
    ['not JSON', 'application/json', 'this is not json'],
    ['an empty body', 'application/json', ''],
    ['an id beyond int64', 'application/json', '[{"id":9223372036854775808,"name":"Rex","categoryId":1}]'],
    ['wrong content type', 'text/plain', '[]'],
    ['a fractional id', 'application/json', '[{"id":1.5,"name":"Rex","categoryId":1}]'],
  ])('%s is an invalid response', async (_label, type, body) => {
    const scenario = `bad${type.length}${body.length}`;
    const failure = await failureOf(
      against(scenario, (response) => {
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      }).listPets({ limit: 5 }),
    );
    expect(failure).toMatchObject({ reach: 'answered', appError: { kind: 'invalid_response', status: 200 } });
  });

  /** A page of 100 animals, the one at `bad` (if any) without a name. */
  const fullPage = (bad?: number) =>
    JSON.stringify(
      Array.from({ length: 100 }, (_, index) =>
        index === bad
          ? { id: index + 1, categoryId: 1 }
          : { id: index + 1, name: `Pet ${String(index)}`, categoryId: 1 },
      ),
    );

  it('names the place of the one animal in a full page it cannot read', async () => {
    const failure = await failureOf(
      against('bad-far-down', (response) => sendJson(response, 200, fullPage(73))).listPets({ limit: 100 }),
    );
    expect(failure.appError.kind).toBe('invalid_response');
    expect(failure.message).toContain('the data has the wrong shape at 73.name');
  });

  it('a header’s value never goes into a failure’s detail (the service fills it, and may put a key there)', async () => {
    const failure = await failureOf(
      against('typed', (response) => {
        response.writeHead(200, { 'content-type': 'text/plain; marker=from-the-service-7d1' });
        response.end('[]');
      }).listPets({ limit: 5 }),
    );
    expect(failure.message).toBe('invalid_response/unreadable_answer (HTTP 200): a content type other than JSON');
  });

  it('stops when the caller cancels, at once, not when its own wait runs out', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pending = failureOf(against('slow', () => undefined).listPets({ limit: 5 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect((await pending).appError.kind).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops at once for a caller that cancelled before it asked', async () => {
    const started = performance.now();
    const failure = await failureOf(
      against('slow', () => undefined).listPets({ limit: 5 }, { signal: AbortSignal.abort() }),
    );
    expect(failure.appError.kind).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a wrong address that answers with a file of many megabytes (a download, a video stream)', () => {
  const MB = 1024 * 1024;
  /** One megabyte of spaces, sent again and again: the service side allocates it once. */
  const SPACES = Buffer.alloc(MB, 0x20);

  /** Streams `[`, `megabytes` of spaces and `]` (valid JSON when read whole), noting how far it got before the app hung up. */
  async function streaming(megabytes: number) {
    const seen = { sent: 0, hungUp: false };
    const server = await startFaultServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      response.on('close', () => (seen.hungUp = !response.writableFinished));
      const more = () => {
        while (seen.sent < megabytes) {
          seen.sent += 1;
          if (!response.write(SPACES)) return void response.once('drain', more);
        }
        response.end(']');
      };
      more();
    });
    const client = new PetstoreClient({
      fetch,
      baseUrl: server.url,
      apiKey: 'k',
      appVersion: '1.2.3',
      timeoutMs: 20_000,
    });
    return { seen, client, close: () => server.close() };
  }

  it.each([
    ['a list page', (client: PetstoreClient) => client.listPets({ limit: 100 })],
    ['a look-up', (client: PetstoreClient) => client.getPet('1')],
    ['an add', (client: PetstoreClient) => client.createPet({ name: 'Rex', categoryId: '1' })],
  ])('%s is read no further than 4 MB: the app hangs up and says the answer is too large', async (_what, call) => {
    expect(MAX_ANSWER_BYTES).toBe(4 * MB);
    const { seen, client, close } = await streaming(64);
    const failure = await failureOf(call(client));
    expect(failure).toMatchObject({
      reach: 'answered',
      appError: { kind: 'invalid_response', reason: 'answer_too_large', status: 200, params: { megabytes: 4 } },
    });
    // The app hung up: the service did not get to send the rest.
    await vi.waitFor(() => expect(seen.hungUp).toBe(true));
    await close();
    expect(seen.sent).toBeLessThan(64);
  });

  it('one that says its size up front, over 4 MB, is not read at all', async () => {
    const server = await startFaultServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(400 * MB) });
      response.write(SPACES);
    });
    const client = new PetstoreClient({
      fetch,
      baseUrl: server.url,
      apiKey: 'k',
      appVersion: '1.2.3',
      timeoutMs: 5000,
    });
    const failure = await failureOf(client.listPets({ limit: 100 }));
    await server.close();
    expect(failure.appError).toMatchObject({ kind: 'invalid_response', reason: 'answer_too_large' });
  });

  it('a page of 100 animals with long names, well over 100 KB, is read as always', async () => {
    const pets = Array.from({ length: 100 }, (_, index) => ({
      id: index + 1,
      name: `${'Ñandú 🐦 '.repeat(40)}${String(index)}`,
      categoryId: 1,
    }));
    const server = await startFaultServer((_request, response) => sendJson(response, 200, JSON.stringify(pets)));
    const client = new PetstoreClient({ fetch, baseUrl: server.url, apiKey: 'k', appVersion: '1.2.3' });
    const read = await client.listPets({ limit: 100 });
    await server.close();
    expect(read).toHaveLength(100);
    expect(read[99]?.name).toBe(pets[99]?.name);
  });
});
