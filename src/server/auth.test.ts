import { describe, expect, it } from 'vitest';
import { createBearerCheck } from './auth';
import { expectError, serviceForTests } from './test-support';

describe('the bearer check', () => {
  const check = createBearerCheck(['first-key', 'second-key']);

  it('accepts every configured key, with the scheme in any case', () => {
    expect(check('Bearer first-key')).toBe(true);
    expect(check('Bearer second-key')).toBe(true);
    expect(check('bearer first-key')).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['no token', 'Bearer '],
    ['another scheme', 'Basic first-key'],
    ['a key missing its last character', 'Bearer first-ke'],
    ['a key with a character too many', 'Bearer first-keyy'],
    ['two tokens', 'Bearer first-key second-key'],
    ['the bare key', 'first-key'],
  ])('refuses %s', (_label, header) => {
    expect(check(header)).toBe(false);
  });

  it('cannot be built without a key', () => {
    expect(() => createBearerCheck([])).toThrow();
  });
});

describe('authentication over HTTP', () => {
  const { call } = serviceForTests({ apiKeys: ['counter-key', 'backup-key'] });

  const operations: [string, string, string | undefined][] = [
    ['GET', '/pets', undefined],
    ['POST', '/pets', '{"name":"Rex","categoryId":1}'],
    ['GET', '/pets/1', undefined],
  ];

  it.each(operations)('%s %s without a key is 401 with WWW-Authenticate: Bearer', async (method, path, body) => {
    const answer = await call(method, path, { body, authorization: null });
    expectError(answer, 401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it.each(operations)('%s %s with a wrong key is 401', async (method, path, body) => {
    expectError(await call(method, path, { body, authorization: 'Bearer counter-kex' }), 401);
  });

  it('accepts either configured key', async () => {
    expect((await call('GET', '/pets', { authorization: 'Bearer counter-key' })).status).toBe(200);
    expect((await call('GET', '/pets', { authorization: 'Bearer backup-key' })).status).toBe(200);
  });

  it('checks the key before anything else: bad body, bad query, wrong type, unknown route', async () => {
    const noKey = { authorization: null };
    expectError(await call('POST', '/pets', { ...noKey, body: '{"name":' }), 401);
    expectError(await call('POST', '/pets', { ...noKey, body: 'x', contentType: 'text/plain' }), 401);
    expectError(await call('POST', '/pets', { ...noKey, body: ' '.repeat(70_000) }), 401);
    expectError(await call('GET', '/pets?limit=0', noKey), 401);
    expectError(await call('GET', '/pets/abc', noKey), 401);
    expectError(await call('DELETE', '/pets/1', noKey), 401);
    expectError(await call('GET', '/store/orders', noKey), 401);
  });

  it('never creates an animal for a request without a valid key', async () => {
    await call('POST', '/pets', { body: '{"name":"Sneaky","categoryId":1}', authorization: 'Bearer nope' });
    const listed = await call('GET', '/pets?limit=100');
    expect(listed.text).not.toContain('Sneaky');
  });
});
