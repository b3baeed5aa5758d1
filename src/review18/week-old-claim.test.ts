/** Review 18: a sent animal dropped after a week by the counter's clock no longer claims its row at a check. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../main/core/test-support';
import { forward, passBack, startRelay } from '../main/core/test-support/relay';
import { allPets, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('two goldfish added while answers were lost, the shop holding one; the first confirmed, the second left at the check', () => {
  it('a start after the counter’s clock jumped eight days ahead: the second is still not offered the first one’s row', async () => {
    const clock = movableClock();
    const running = await service({ now: clock.now });
    let posts = 0;
    // A service that ignores keys; both answers are lost, and only the first add reached it.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        posts += 1;
        if (posts === 1) await forward(running.url, request);
        return void response.socket?.destroy();
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const dataDir = folder();
    const first = await openCore(dataDir, relay.url, { now: clock.now });
    await first.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await first.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    const [onService] = await allPets(running.url);
    await vi.waitFor(async () =>
      expect((await outboxOf(first)).map((item) => item.matches?.pets.length)).toEqual([1, 1]),
    );
    const [one, two] = await outboxOf(first);
    await first.invoke('confirmOutboxItem', { id: one?.id ?? '' });
    // "No goldfish on the service now": the clerk means to send it again after lunch.
    expect((await outboxOf(first)).find((item) => item.id === two?.id)?.matches?.pets).toEqual([]);
    await first.core.close();
    const closedWith = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8');

    // The counter's clock set eight days ahead (a wrong date typed in, or a long holiday): the app is started.
    clock.advance(8 * DAY_MS);
    const later = await openCore(dataDir, relay.url, { now: clock.now });
    const second = async () => (await outboxOf(later)).find((item) => item.id === two?.id);
    // Its rows are looked up afresh at the start (yesterday's are dropped as the start is written).
    await vi.waitFor(() => expect(readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).not.toBe(closedWith));
    await vi.waitFor(async () => expect((await second())?.matches).toBeDefined(), { timeout: 8000 });
    // On main: "On the service: #1" again, the first goldfish's animal; "It was created" would lose the second.
    expect((await second())?.matches?.pets.map((pet) => pet.id)).not.toContain(onService?.id);
  });
});
