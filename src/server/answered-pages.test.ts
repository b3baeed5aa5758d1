import { describe, expect, it } from 'vitest';
import { WirePets } from '../shared';
import { serviceForTests } from './test-support';

const { call, running } = serviceForTests({ generatedPets: 30 });

/** The names on a page, asked twice as a clerk's screen does, so the second answer is the kept one. */
async function namesOn(path: string): Promise<string[]> {
  await call('GET', path);
  const answer = await call('GET', path);
  expect(answer.status, answer.text).toBe(200);
  return WirePets.parse(answer.body).map((pet) => pet.name);
}

const body = (name: string) => JSON.stringify({ name, categoryId: 1, status: 'pending' });

describe('a page read again after an animal is added', () => {
  it.each([
    ['at the counter', (name: string) => call('POST', '/pets', { body: body(name) })],
    [
      'under an Idempotency-Key',
      (name: string) => call('POST', '/pets', { body: body(name), headers: { 'idempotency-key': `add-${name}` } }),
    ],
    ['by the service itself', (name: string) => running().insertPets([{ name, categoryId: '1', status: 'pending' }])],
  ])('shows an animal added %s at once, on the very page just read', async (how, add) => {
    const path = '/pets?limit=100&status=pending';
    const before = await namesOn(path);
    const name = `Added ${how}`;
    await add(name);
    expect(await namesOn(path)).toEqual([...before, name]);
  });
});
