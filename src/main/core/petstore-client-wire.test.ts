import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../server';
import { WirePet } from '../../shared';
import { PetstoreClient } from './petstore-client';

let service: RunningServer;

beforeAll(async () => {
  service = await startServer({ port: 0, apiKeys: ['wire-test-key'] });
});
afterAll(() => service.close());

const client = (overrides: Partial<ConstructorParameters<typeof PetstoreClient>[0]> = {}) =>
  new PetstoreClient({ fetch, baseUrl: service.url, apiKey: 'wire-test-key', appVersion: '1.2.3', ...overrides });

describe('what the clerk adds is what the service keeps', () => {
  it('adds an animal in category 9007199254740993 (beyond 2^53) and reads it back exact', async () => {
    const created = await client().createPet({ name: 'Exact', categoryId: '9007199254740993', status: 'available' });
    expect(created.categoryId).toBe('9007199254740993');
    const listed = await client().listPets({ limit: 100, status: 'available' });
    expect(listed.find((pet) => pet.id === created.id)?.categoryId).toBe('9007199254740993');
    expect((await client().getPet(created.id)).pet.categoryId).toBe('9007199254740993');
  });
});

describe('a newer Pet schema passes through the list', () => {
  it('an optional field added to a copy of the schema arrives in the list result, with no other change', async () => {
    // A service that already sends the field; the client only learns it from the schema it is given.
    const withNickname = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const answer = await fetch(input, init);
      const text = (await answer.text()).replaceAll('"name":', '"nickname":"Buddy","name":');
      return new Response(text, { status: answer.status, headers: answer.headers });
    };
    const NewerPet = z.object({ ...WirePet.shape, nickname: z.string().optional() });
    await client().createPet({ name: 'Rex', categoryId: '1' });

    const pets = await client({ fetch: withNickname, petSchema: NewerPet }).listPets({ limit: 10 });
    expect(pets.length).toBeGreaterThan(0);
    expect(pets[0]).toHaveProperty('nickname', 'Buddy');

    // The shared schema drops it: the field came through the passed-in schema, not by accident.
    const plain = await client({ fetch: withNickname }).listPets({ limit: 10 });
    expect(plain[0]).not.toHaveProperty('nickname');
  });
});
