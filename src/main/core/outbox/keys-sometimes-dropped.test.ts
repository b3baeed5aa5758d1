/** A gateway with two backends in front of the service, one passing keys on and one dropping them: a success without
 * the key echoed proves keys are not always honoured at that address; an echo after it does not make a resend safe. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, service } from '../test-support/harness';
import { openBehind, stateOf } from './test-support';

describe('a gateway whose second backend drops Idempotency-Key (adds go to one or the other)', () => {
  it('Max’s answer shows keys dropped, Bo’s shows them kept; Lunch’s answer is lost: she is not created twice', async () => {
    const running = await service({ initialPets: SHOP });
    // Which backend takes each add, in turn: Rex keeps, Max drops, Bo keeps, Lunch keeps (her answer lost), then
    // the next add (Lunch's resend) drops.
    const keeps = [true, false, true, true, false];
    let posts = 0;
    const relay = await startRelay(async (request, response) => {
      if (request.method !== 'POST') {
        passBack(response, await forward(running.url, request));
        return;
      }
      const passKey = keeps[posts] ?? false;
      posts += 1;
      const answer = await forward(running.url, request, passKey ? ['content-type', 'idempotency-key'] : undefined);
      // Lunch's first add: created, and the line drops before its answer comes back.
      if (posts === 4) response.socket?.destroy();
      else passBack(response, answer);
    });
    const harness = await openBehind(relay);

    for (const name of ['Rex', 'Max', 'Bo']) {
      expect(await harness.invoke('createPet', { pet: { name, categoryId: '1' } })).toMatchObject({
        outcome: 'created',
      });
    }
    expect(await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    // Left to itself, Lunch is sent again or waits for the clerk's check; either way one Lunch on the service.
    await vi.waitFor(async () => expect(await stateOf(harness, 'Lunch')).not.toMatch(/^(queued|sending)$/), {
      timeout: 10_000,
      interval: 100,
    });
    const lunches = (await allPets(running.url)).filter((pet) => pet.name === 'Lunch');
    expect(lunches).toHaveLength(1);
  }, 30_000);
});
