import { describe, expect, it } from 'vitest';
import { PET_NAME_MAX, WirePet, stringifyJson } from '../shared';
import { expectError, serviceForTests } from './test-support';

const { call } = serviceForTests();

function post(body: unknown) {
  return call('POST', '/pets', { body: stringifyJson(body) });
}

describe('adding an animal', () => {
  it('answers 201 with the new pet, its id and a Location to it, status defaulting to available', async () => {
    const answer = await post({ name: 'Biscuit', categoryId: 3 });
    expect(answer.status).toBe(201);
    const pet = WirePet.parse(answer.body);
    expect(pet).toMatchObject({ name: 'Biscuit', categoryId: '3', status: 'available' });
    expect(answer.headers.get('location')).toBe(`/v1/pets/${pet.id}`);

    const readBack = await call('GET', `/pets/${pet.id}`);
    expect(WirePet.parse(readBack.body)).toEqual(pet);
  });

  it.each(['available', 'pending', 'sold'])('keeps status %s as given', async (status) => {
    const answer = await post({ name: 'Mochi', categoryId: 1, status });
    expect(answer.status).toBe(201);
    expect(WirePet.parse(answer.body).status).toBe(status);
  });

  it.each([
    ['just beyond 2^53', 9007199254740993n],
    ['the int64 maximum', 9223372036854775807n],
    ['one, the smallest', 1n],
  ])('keeps categoryId %s exact, in the answer and when listed', async (_label, categoryId) => {
    const created = await post({ name: 'Exact', categoryId });
    expect(created.status).toBe(201);
    expect(created.text).toContain(`"categoryId":${categoryId}`);
    const pet = WirePet.parse(created.body);
    expect(pet.categoryId).toBe(categoryId.toString());

    const listed = await call('GET', '/pets?limit=100');
    expect(listed.text).toContain(`"id":${pet.id},"name":"Exact","categoryId":${categoryId}`);
  });

  it('accepts application/json with a charset, and a name with non-ASCII letters', async () => {
    const answer = await call('POST', '/pets', {
      body: '{"name":"Zoë 小白","categoryId":2}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(answer.status).toBe(201);
    expect(WirePet.parse(answer.body).name).toBe('Zoë 小白');
  });

  it(`accepts a name of exactly ${PET_NAME_MAX} characters`, async () => {
    expect((await post({ name: 'n'.repeat(PET_NAME_MAX), categoryId: 1 })).status).toBe(201);
  });

  it.each([
    ['no name', { categoryId: 1 }, /name/],
    ['no categoryId', { name: 'Rex' }, /categoryId/],
    ['an empty name', { name: '', categoryId: 1 }, /name/],
    ['a blank name', { name: '   ', categoryId: 1 }, /name/],
    ['a name too long', { name: 'n'.repeat(PET_NAME_MAX + 1), categoryId: 1 }, /name/],
    ['a name that is a number', { name: 42, categoryId: 1 }, /name/],
    ['a categoryId as a string', { name: 'Rex', categoryId: '1' }, /categoryId/],
    ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, /categoryId/],
    ['a categoryId beyond int64', { name: 'Rex', categoryId: 9223372036854775808n }, /categoryId/],
    ['a categoryId below int64', { name: 'Rex', categoryId: -9223372036854775809n }, /categoryId/],
    ['a categoryId of zero', { name: 'Rex', categoryId: 0 }, /categoryId: Must be at least 1/],
    ['a negative categoryId', { name: 'Rex', categoryId: -1 }, /categoryId: Must be at least 1/],
    ['the int64 minimum as categoryId', { name: 'Rex', categoryId: -9223372036854775808n }, /categoryId/],
    ['an unknown status', { name: 'Rex', categoryId: 1, status: 'adopted' }, /status/],
    ['a null status', { name: 'Rex', categoryId: 1, status: null }, /status/],
    ['an unknown field', { name: 'Rex', categoryId: 1, colour: 'brown' }, /colour/],
    ['an id chosen by the client', { id: 7, name: 'Rex', categoryId: 1 }, /id/],
    ['an array', [{ name: 'Rex', categoryId: 1 }], /object/],
    ['a string', 'Rex', /object/],
    ['null', null, /object/],
  ])('refuses a body with %s: 400 naming the problem', async (_label, body, mentions) => {
    const error = expectError(await post(body), 400);
    expect(error.message).toMatch(mentions);
  });

  it.each([
    ['truncated JSON', '{"name":"Rex",'],
    ['single quotes', "{'name':'Rex','categoryId':1}"],
    ['an empty body', ''],
    ['trailing garbage', '{"name":"Rex","categoryId":1} x'],
    ['a key twice with different values', '{"name":"Rex","name":"Max","categoryId":1}'],
  ])('refuses malformed JSON (%s) with 400', async (_label, body) => {
    const error = expectError(await call('POST', '/pets', { body }), 400);
    expect(error.message).toMatch(/JSON/);
  });

  it('refuses a POST with no body at all with 400', async () => {
    expectError(await call('POST', '/pets'), 400);
  });

  it('does not let __proto__ in the body stand in for the fields', async () => {
    const error = expectError(
      await call('POST', '/pets', { body: '{"__proto__":{"name":"Rex","categoryId":1}}' }),
      400,
    );
    expect(error.message).toMatch(/name|__proto__/);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', 'application/xml'])(
    'refuses content type %s with 415',
    async (contentType) => {
      expectError(await call('POST', '/pets', { body: '{"name":"Rex","categoryId":1}', contentType }), 415);
    },
  );

  it('refuses a body over 64 KiB with 413, and accepts one of exactly 64 KiB as far as size goes', async () => {
    const padded = (size: number) => {
      const base = '{"name":"Rex","categoryId":1}';
      return base + ' '.repeat(size - base.length);
    };
    expectError(await call('POST', '/pets', { body: padded(64 * 1024 + 1) }), 413);
    expect((await call('POST', '/pets', { body: padded(64 * 1024) })).status).toBe(201);
  });

  it('gives 200 concurrent adds 200 distinct ids that all read back', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post({ name: `Crowd ${i}`, categoryId: i + 1, status: 'pending' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    const created = answers.map((answer) => WirePet.parse(answer.body));
    expect(new Set(created.map((pet) => pet.id)).size).toBe(200);

    const readBack = await Promise.all(created.map((pet) => call('GET', `/pets/${pet.id}`)));
    expect(readBack.map((answer) => WirePet.parse(answer.body))).toEqual(created);
  });
});
