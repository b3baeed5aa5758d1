/** A gateway that deduplicates adds by their body answers the clerk's goldfish with the back office's, added through it
 * a moment before: a row the counter listed before its add left is no answer to that add. */
import { describe, expect, it, vi } from 'vitest';
import { newPetToWire } from '../../../shared';
import { stringifyJson } from '../../../shared/json';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay, type RelayedRequest, type UpstreamAnswer } from '../test-support/relay';
import { KEY, SHOP, allPets, service } from '../test-support/harness';
import { openBehind, stateOf } from './test-support';

describe('the back office and the counter behind one gateway that deduplicates adds by their body', () => {
  it('the back office adds goldfish Bubbles; the clerk then adds another Bubbles: she is not "created" as the back office’s row', async () => {
    const running = await service({ initialPets: SHOP });
    const answers = new Map<string, UpstreamAnswer>();
    // Keys are not passed on (the service's answers echo none); an add whose body it saw is answered from its store.
    const relay = await startRelay(async (request: RelayedRequest, response) => {
      const stored = request.method === 'POST' ? answers.get(request.body) : undefined;
      if (stored) {
        passBack(response, stored);
        return;
      }
      const answer = await forward(running.url, request);
      if (request.method === 'POST' && answer.status === 201) answers.set(request.body, answer);
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    const bubbles = { name: 'Bubbles', categoryId: '3' };

    // The back office adds a goldfish Bubbles through the same gateway: #251. The counter's list shows it.
    const office = await fetch(`${relay.url}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: stringifyJson(newPetToWire(bubbles)),
    });
    expect(office.status).toBe(201);
    expect((await refreshed(harness)).pets.filter((pet) => pet.name === 'Bubbles').map((pet) => pet.id)).toEqual([
      '251',
    ]);

    // The clerk adds a second goldfish Bubbles; the gateway answers with the back office's #251 without passing it on.
    const outcome = await harness.invoke('createPet', { pet: bubbles });
    await vi.waitFor(async () => expect(await stateOf(harness, 'Bubbles')).not.toBe('sending'));
    const onService = (await allPets(running.url)).filter((pet) => pet.name === 'Bubbles').length;
    // #251 was on the counter's list before her add left: it is not her. Two goldfish on the service, or hers waits
    // for the clerk; never "created" as #251 with one Bubbles on the service (hers lost).
    expect({
      onService,
      outcome: outcome.outcome,
      id: outcome.outcome === 'created' ? outcome.pet.id : undefined,
    }).not.toEqual({ onService: 1, outcome: 'created', id: '251' });
  });
});
