/** The clerk's check of an add in doubt reads names past case, spaces and apostrophes (a service that tidies a name is
 * no miss), but not past accents (another animal is not offered as this one). */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('an add in doubt whose name the service keeps tidied, in a shop of 250 animals', () => {
  it.each([
    ['trims and collapses spaces', 'Mr  Whiskers ', (name: string) => name.replace(/\s+/g, ' ').trim(), 'Mr Whiskers'],
    ['straightens apostrophes', 'O\u2019Malley', (name: string) => name.replace(/\u2019/g, "'"), "O'Malley"],
    ['curls apostrophes', "O'Malley", (name: string) => name.replace(/'/g, '\u2019'), 'O\u2019Malley'],
  ])('a service that %s: the check offers the animal it made of "%s"', async (_, sent, tidy, kept) => {
    const running = await service({ initialPets: SHOP });
    // A service that ignores keys and tidies each name it is sent; the add's answer is lost.
    const relay = await startRelay(async (request, response) => {
      if (request.method !== 'POST') {
        passBack(response, await forward(running.url, request));
        return;
      }
      const pet = JSON.parse(request.body) as { name: string };
      await forward(running.url, { ...request, body: JSON.stringify({ ...pet, name: tidy(pet.name) }) });
      response.socket?.destroy();
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    await harness.invoke('createPet', { pet: { name: sent, categoryId: '2' } });
    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toBeDefined());
    const [item] = await outboxOf(harness);
    const onService = (await allPets(running.url)).filter((pet) => pet.name === kept);
    expect(onService).toHaveLength(1);
    // Not "No animal with this name and category is on the service now", whose "Send again" makes a second.
    expect(item?.matches?.pets.map((pet) => pet.id)).toEqual(onService.map((pet) => pet.id));
  });
});

describe('an add in doubt while another counter adds an animal whose name differs only by its accents', () => {
  it.each([
    ['Félix', 'Felix'],
    ['Zoë', 'Zoe'],
    ['Straße', 'Strasse'],
  ])(
    '"%s" lost on its way: the check does not offer "%s" (shown only by id, "It was created" would lose it)',
    async (sent, other) => {
      const running = await service({ initialPets: SHOP });
      // Another counter's "Felix" reaches the service at the moment this counter's "Félix" is cut off, never created.
      const relay = await startRelay(async (request, response) => {
        if (request.method === 'POST') {
          await forward(running.url, { ...request, body: JSON.stringify({ name: other, categoryId: 2 }) });
          response.socket?.destroy();
          return;
        }
        const answer = await forward(running.url, request);
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(answer.text);
      });
      cleanups.push(() => relay.close());
      const harness = await openCore(folder(), relay.url);
      await harness.invoke('createPet', { pet: { name: sent, categoryId: '2' } });
      await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toBeDefined(), { timeout: 10_000 });
      const [item] = await outboxOf(harness);
      const pets = await allPets(running.url);
      expect(pets.filter((pet) => pet.name === sent)).toHaveLength(0);
      expect(pets.filter((pet) => pet.name === other)).toHaveLength(1);
      // "Compare it with these on the service now: id 251" would have the clerk press "It was created", and the animal would never be added.
      expect(item?.matches?.pets).toEqual([]);
    },
  );
});
