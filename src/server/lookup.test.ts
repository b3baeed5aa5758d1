import { describe, expect, it } from 'vitest';
import { GET_PET_SUNSET_HTTP_DATE, WirePet } from '../shared';
import { expectError, serviceForTests, type Answer } from './test-support';

const { call } = serviceForTests({
  initialPets: [
    { name: 'Small', categoryId: '1', status: 'sold' },
    { id: '9007199254740993', name: 'Beyond 2^53', categoryId: '9223372036854775807', status: 'pending' },
  ],
});

function expectDeprecationHeaders(answer: Answer): void {
  expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
  expect(answer.headers.get('sunset')).toBe(GET_PET_SUNSET_HTTP_DATE);
  expect(answer.headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
}

describe('looking an animal up by id (deprecated)', () => {
  it('returns the animal with the deprecation headers', async () => {
    const answer = await call('GET', '/pets/1');
    expect(answer.status).toBe(200);
    expect(WirePet.parse(answer.body)).toEqual({ id: '1', name: 'Small', categoryId: '1', status: 'sold' });
    expectDeprecationHeaders(answer);
  });

  it('states the deprecation as a date already past', async () => {
    const answer = await call('GET', '/pets/1');
    const since = Number(answer.headers.get('deprecation')?.slice(1)) * 1000;
    expect(since).toBeLessThan(Date.parse(GET_PET_SUNSET_HTTP_DATE));
  });

  it('keeps ids and categories beyond 2^53 exact', async () => {
    const answer = await call('GET', '/pets/9007199254740993');
    expect(answer.text).toBe(
      '{"id":9007199254740993,"name":"Beyond 2^53","categoryId":9223372036854775807,"status":"pending"}',
    );
    expect(await call('GET', '/pets/9007199254740992')).toMatchObject({ status: 404 });
  });

  it('answers 404 for an id nobody has, with the headers', async () => {
    const answer = await call('GET', '/pets/424242');
    expect(expectError(answer, 404).message).toContain('424242');
    expectDeprecationHeaders(answer);
  });

  it.each(['-1', '9223372036854775807', '-9223372036854775808'])('answers 404 for the valid int64 %s', async (id) => {
    expectError(await call('GET', `/pets/${id}`), 404);
  });

  it.each(['abc', '1.5', '9223372036854775808', '-9223372036854775809', '1e3', '007', '%20', '1'.repeat(500)])(
    'refuses the non-int64 id %s with 400, with the headers',
    async (id) => {
      const answer = await call('GET', `/pets/${id}`);
      expectError(answer, 400);
      expectDeprecationHeaders(answer);
    },
  );

  it('carries the headers on a 401 too', async () => {
    const answer = await call('GET', '/pets/1', { authorization: null });
    expectError(answer, 401);
    expectDeprecationHeaders(answer);
  });
});
