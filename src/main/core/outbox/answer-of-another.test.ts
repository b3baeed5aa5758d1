/** An add answered with another animal (a gateway in front of the service replaying a stored answer): the
 * outbox must not take that answer as this animal created. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type RelayedRequest, type UpstreamAnswer } from '../test-support/relay';
import { allPets, names, outboxOf, service } from '../test-support/harness';
import { openBehind, rexCreated } from './test-support';

/**
 * A gateway that keeps the first answer to `POST /pets` and, while `replaying`, gives it again for every add whose
 * `sameAdd` matches the first's, without passing the add on (a cache keyed by the path, or by the body).
 */
async function replayingGateway(sameAdd: (first: RelayedRequest, next: RelayedRequest) => boolean) {
  const running = await service();
  let first: { request: RelayedRequest; answer: UpstreamAnswer } | undefined;
  const relay = await startRelay(async (request, response) => {
    if (request.method === 'POST' && first && sameAdd(first.request, request)) {
      passBack(response, first.answer);
      return;
    }
    const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
    if (request.method === 'POST' && !first && answer.status === 201) first = { request, answer };
    passBack(response, answer);
  });
  const harness = await openBehind(relay);
  const named = async (name: string) => (await allPets(running.url)).filter((pet) => pet.name === name);
  return { harness, named };
}

describe('an add answered with another animal’s stored answer', () => {
  it('a gateway caching POST /pets by its path: Lunch, added offline, is answered with Rex — it is not "sent"', async () => {
    const { harness, named } = await replayingGateway(() => true);
    await rexCreated(harness);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).not.toBe('queued'), { timeout: 8000 });
    await vi.waitFor(async () => expect((await lunch())?.state).not.toBe('sending'), { timeout: 8000 });
    // Lunch is on the service, or waits for the clerk; never "sent" as Rex's row while no Lunch exists.
    const onService = (await named('Lunch')).length;
    expect({ onService, lunch: (await lunch())?.state }).not.toEqual({ onService: 0, lunch: 'sent' });
  });

  it('a gateway deduplicating adds by their body: a second goldfish Bubbles is answered with the first — it is not "sent" as the same row', async () => {
    const { harness, named } = await replayingGateway((first, next) => first.body === next.body);
    expect(await harness.invoke('createPet', { pet: { name: 'Bubbles', categoryId: '3' } })).toMatchObject({
      outcome: 'created',
    });
    harness.core.setPlatformOnline(false);
    // The second goldfish of the same name: another animal, added while the line was down.
    await harness.invoke('createPet', { pet: { name: 'Bubbles', categoryId: '3' } });
    harness.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).not.toContain('Bubbles:queued'), {
      timeout: 8000,
    });
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).not.toContain('Bubbles:sending'), {
      timeout: 8000,
    });
    const items = await outboxOf(harness);
    const sentAs = items.filter((one) => one.state === 'sent').map((one) => one.created?.id);
    // Two goldfish sent are two rows on the service; the outbox never holds two sent animals as one row.
    expect({ onService: (await named('Bubbles')).length, rows: new Set(sentAs).size }).toEqual({
      onService: sentAs.length,
      rows: sentAs.length,
    });
  });
});
