/** The rows an add "knows" (listed when it was added) are taken from the counter's copy, which may hold a row the
 * service has lost since (its store put back from a backup): the service gives that id again, to this add, and its
 * check hides it. A known gap (review21): nothing the service lists tells that row from the one the copy held, as
 * only a sync between the restore and the add would; `it.fails` until a rule is found. */
import { describe, expect, it, vi } from 'vitest';
import { shop, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { KEY, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { PetstoreClient } from '../petstore-client';

describe('an add in doubt at a shop put back from last night’s backup', () => {
  it.fails(
    'the check offers the animal the add created under the id the counter’s copy gave another Goldie, and it is not sent twice',
    async () => {
      const lastNight = await service({ initialPets: shop() });
      // Another counter added a Goldie last night (after the backup was taken).
      const other = new PetstoreClient({ fetch, baseUrl: lastNight.url, apiKey: KEY, appVersion: 'other' });
      const theirs = await other.createPet({ name: 'Goldie', categoryId: '4' });
      let upstream = lastNight.url;
      let loseAnswer = false;
      // A service that ignores keys; while `loseAnswer`, an add reaches it and its answer is lost.
      const relay = await startRelay(async (request, response) => {
        const answer = await forward(upstream, request);
        if (request.method === 'POST' && loseAnswer) return void response.socket?.destroy();
        passBack(response, answer);
      });
      cleanups.push(() => relay.close());
      const counter = await openCore(folder(), relay.url);
      await synced(counter);

      // This morning the shop's store is put back from the backup: their Goldie is gone, and its id is free again.
      const restored = await service({ initialPets: shop() });
      upstream = restored.url;
      loseAnswer = true;
      expect(await counter.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } })).toMatchObject({
        outcome: 'queued',
      });
      const [ours] = (await allPets(restored.url)).filter((pet) => pet.name === 'Goldie');
      expect(ours?.id).toBe(theirs.id);
      loseAnswer = false;
      const goldie = async () => (await outboxOf(counter)).find((item) => item.pet.name === 'Goldie');
      await vi.waitFor(async () => expect((await goldie())?.matches).toBeDefined(), { timeout: 10_000 });
      const offered = (await goldie())?.matches?.pets.map((pet) => pet.id);
      // The drawer says no Goldie is on the service: the clerk sends it again.
      if (offered?.length === 0) await counter.invoke('retryOutboxItem', { id: (await goldie())?.id ?? '' });
      await vi.waitFor(async () => expect((await goldie())?.state).not.toMatch(/queued|sending/), { timeout: 10_000 });
      const onService = (await allPets(restored.url)).filter((pet) => pet.name === 'Goldie').length;
      expect({ offered, onService }).toEqual({ offered: [ours?.id], onService: 1 });
    },
  );
});
