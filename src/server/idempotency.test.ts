import { describe, expect, it } from 'vitest';
import { WirePet, WirePets } from '../shared';
import { expectError, openSocket, readUntilClosed, serviceForTests } from './test-support';

let clock = Date.parse('2026-11-23T09:00:00Z');
const LIFETIME_MS = 6 * 60 * 60 * 1000;
const { call, running } = serviceForTests({
  apiKeys: ['counter', 'backoffice'],
  now: () => clock,
  keyLifetimeMs: LIFETIME_MS,
});

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

function add(key: string | undefined, body = '{"name":"Rex","categoryId":1}', authorization?: string) {
  return call('POST', '/pets', {
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    ...(authorization === undefined ? {} : { authorization }),
  });
}

describe('adding an animal with an Idempotency-Key', () => {
  it('creates it once; the same request again replays the first answer, marked as replayed', async () => {
    const key = newKey();
    const first = await add(key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-key')).toBe(key);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const again = await add(key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('idempotency-key')).toBe(key);
    expect(running().countByIdempotencyKey(key)).toBe(1);
  });

  it('refuses the same key with another animal: 422, nothing created', async () => {
    const key = newKey();
    await add(key, '{"name":"Rex","categoryId":1}');
    const other = await add(key, '{"name":"Max","categoryId":1}');
    expect(expectError(other, 422).message).toMatch(/Idempotency-Key/);
    expect(other.headers.get('idempotency-key')).toBe(key);
    const listed = WirePets.parse((await call('GET', '/pets?limit=100')).body);
    expect(listed.filter((pet) => pet.name === 'Max')).toEqual([]);
  });

  it('takes an omitted status and "available" as the same animal', async () => {
    const key = newKey();
    await add(key, '{"name":"Pip","categoryId":2}');
    const again = await add(key, '{"status":"available","categoryId":2,"name":"Pip"}');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps each credential its own keys: the same key under another API key is another animal', async () => {
    const key = newKey();
    const mine = WirePet.parse((await add(key)).body);
    const theirs = await add(key, undefined, 'Bearer backoffice');
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(WirePet.parse(theirs.body).id).not.toBe(mine.id);
  });

  it('replays for the lifetime it is configured with and states it, then takes the key as new', async () => {
    const key = newKey();
    const answer = await add(key);
    expect(answer.headers.get('idempotency-key-lifetime')).toBe(String(LIFETIME_MS / 1000));
    const first = WirePet.parse(answer.body);
    clock += LIFETIME_MS - 1;
    expect((await add(key)).headers.get('idempotent-replayed')).toBe('true');
    clock += 2;
    const later = await add(key);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(WirePet.parse(later.body).id).not.toBe(first.id);
  });

  it('dates every answer, a refusal too, by the clock that ages keys', async () => {
    const dated = new Date(clock).toUTCString();
    expect((await add(newKey())).headers.get('date')).toBe(dated);
    expect((await add(newKey(), undefined, 'Bearer wrong')).headers.get('date')).toBe(dated);
    expect((await call('GET', '/pets?limit=1')).headers.get('date')).toBe(dated);
  });

  it('behaves as before without the header, and names no key', async () => {
    const a = await add(undefined);
    const b = await add(undefined);
    expect(WirePet.parse(a.body).id).not.toBe(WirePet.parse(b.body).id);
    expect(a.headers.get('idempotency-key')).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
  ])('refuses a key that is %s with 400, creating nothing', async (_label, key) => {
    const before = (await call('GET', '/pets?limit=100')).text;
    expectError(await add(key, '{"name":"Malformed","categoryId":1}'), 400);
    expect((await call('GET', '/pets?limit=100')).text).toBe(before);
  });

  it('accepts a key of 255 printable characters', async () => {
    expect((await add(`${newKey()}-${'~'.repeat(200)}`.slice(0, 255))).status).toBe(201);
  });

  it('refuses a key sent twice with 400', async () => {
    const socket = await openSocket(running());
    const body = '{"name":"Twice","categoryId":1}';
    socket.end(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer counter\r\nIdempotency-Key: a\r\n` +
        `Idempotency-Key: b\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(await readUntilClosed(socket)).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('names the key on a 401 too, and creates nothing', async () => {
    const key = newKey();
    const answer = await add(key, undefined, 'Bearer wrong');
    expectError(answer, 401);
    expect(answer.headers.get('idempotency-key')).toBe(key);
    expect(running().countByIdempotencyKey(key)).toBe(0);
  });
});

describe('a key whose first request is still running', () => {
  it('is 409 while the first body is still arriving; the first then completes and is replayed', async () => {
    const key = newKey();
    const body = '{"name":"Slowpoke","categoryId":7}';
    const socket = await openSocket(running());
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer counter\r\nIdempotency-Key: ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const meanwhile = await add(key, body);
    expect(expectError(meanwhile, 409).message).toMatch(/still being processed/);
    expect(meanwhile.headers.get('idempotency-key')).toBe(key);

    socket.end(body.slice(10));
    const first = await readUntilClosed(socket);
    expect(first).toMatch(/^HTTP\/1\.1 201 /);
    const after = await add(key, body);
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(first.endsWith(after.text)).toBe(true);
    expect(running().countByIdempotencyKey(key)).toBe(1);
  });

  it('frees the key when the first request is abandoned mid-body', async () => {
    const key = newKey();
    const socket = await openSocket(running());
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer counter\r\nIdempotency-Key: ${key}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name"',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await add(key)).status).toBe(201);
  });

  it('200 adds at once with one key make one animal; the others are replays or 409', async () => {
    const key = newKey();
    const body = '{"name":"Crowd of one","categoryId":3}';
    const answers = await Promise.all(Array.from({ length: 200 }, () => add(key, body)));
    const fresh = answers.filter((answer) => answer.status === 201 && !answer.headers.has('idempotent-replayed'));
    const replays = answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true');
    const busy = answers.filter((answer) => answer.status === 409);
    expect(fresh).toHaveLength(1);
    expect(replays.length + busy.length).toBe(199);
    for (const replay of replays) expect(replay.text).toBe(fresh[0]?.text);
    expect(running().countByIdempotencyKey(key)).toBe(1);
    const listed = WirePets.parse((await call('GET', '/pets?limit=100')).body);
    expect(listed.filter((pet) => pet.name === 'Crowd of one')).toHaveLength(1);
  });
});
