import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared';
import { API_PREFIX, buildApp } from './app';
import { toApiFailure } from './errors';
import { openPetStore } from './store';
import { clientFor, expectError, serviceForTests } from './test-support';

describe('errors for routes and methods', () => {
  const { call, running } = serviceForTests();

  it.each(['/store/orders', '/pet', '/pets/1/photos', '/'])('answers 404 for the unknown route %s', async (path) => {
    expectError(await call('GET', path), 404);
  });

  it('answers 404 outside /v1 too', async () => {
    const answer = await fetch(running().url.replace('/v1', '/v2/pets'), {
      headers: { authorization: `Bearer ${running().apiKeys[0]}` },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it.each([
    ['PUT', '/pets', 'GET, HEAD, POST'],
    ['DELETE', '/pets', 'GET, HEAD, POST'],
    ['PATCH', '/pets', 'GET, HEAD, POST'],
    ['OPTIONS', '/pets', 'GET, HEAD, POST'],
    ['POST', '/pets/1', 'GET, HEAD'],
    ['PUT', '/pets/1', 'GET, HEAD'],
    ['DELETE', '/pets/1', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const answer = await call(method, path);
    expectError(answer, 405);
    expect(answer.headers.get('allow')).toBe(allow);
  });

  it('decides 404 and 405 before reading the body', async () => {
    expectError(await call('POST', '/pets/1', { body: '{not json' }), 405);
    expectError(await call('PUT', '/pets', { body: 'x', contentType: 'text/plain' }), 405);
    expectError(await call('POST', '/store/orders', { body: ' '.repeat(70_000) }), 404);
  });

  it('answers HEAD like GET, without a body', async () => {
    const answer = await call('HEAD', '/pets');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
  });

  it('answers a malformed URL with a JSON 400', async () => {
    expectError(await call('GET', '/pets/%E0%A4%A'), 400);
  });

  it.each([
    ['not HTTP at all', 'HELLO THERE\r\n\r\n'],
    ['headers over the size limit', `GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
  ])('answers a request Node cannot read (%s) with the Error body', async (_label, request) => {
    const { port } = new URL(running().url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.end(request);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(ApiError.parse(JSON.parse(body))).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

describe('an internal fault', () => {
  it('is a 500 with the Error body and no SQL, stack or table name in it', async () => {
    // The database fails under the running service: its real connection is closed, so every
    // query throws from better-sqlite3 itself. (The service holds its file locked, so nothing
    // outside the process can break it.)
    const store = openPetStore(':memory:');
    const app = buildApp({ store, apiKeys: ['k'] });
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}${API_PREFIX}`;
    try {
      store.close();
      const call = clientFor({ url, apiKeys: ['k'] });
      for (const answer of [
        await call('GET', '/pets'),
        await call('POST', '/pets', { body: '{"name":"A","categoryId":1}' }),
        await call('GET', '/pets/1'),
      ]) {
        const error = expectError(answer, 500);
        expect(error.message).toBe('Internal server error');
        expect(answer.text).not.toMatch(/pets|SQL|table|database|connection|at .*\.ts/i);
      }
    } finally {
      await app.close();
    }
  });
});

describe('mapping thrown values', () => {
  it('hides the message of anything it does not know', () => {
    expect(toApiFailure(new Error('SQLITE_ERROR: no such table: pets'))).toMatchObject({
      status: 500,
      message: 'Internal server error',
    });
    expect(toApiFailure('a string')).toMatchObject({ status: 500 });
  });

  it('keeps a client error as a client error, with a documented code', () => {
    expect(toApiFailure({ statusCode: 431, message: 'Headers too large' })).toMatchObject({ status: 400 });
    expect(toApiFailure({ statusCode: 404, message: 'gone' })).toMatchObject({ status: 404, message: 'gone' });
  });
});
