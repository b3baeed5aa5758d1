/** The clerk's check of an add in doubt reads names as the search box does: a service that tidies a name is no miss. */
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
