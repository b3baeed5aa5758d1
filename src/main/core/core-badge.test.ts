/**
 * The header's badge, from the core's connectivity: animals waiting for the clerk's check are never sent by
 * themselves, so the badge counts them apart from the animals being or waiting to be sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { syncBadge } from '../../renderer/src/lib/connection';
import { forward, passBack, startRelay } from './test-support/relay';
import { cleanups, folder, openCore, outboxOf, service } from './test-support/harness';

describe('the header tells the clerk what the outbox holds', () => {
  it('two adds that may have been made wait for the clerk; with a third on its way the badge says "Sending 1… · 2 to check", not "Sending 3…"', async () => {
    const shop = await service();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A service that does not know Idempotency-Key (the relay passes it on without it): an add whose answer is lost
    // waits for the clerk's check. "Lost" animals are created and their answer cut off; "Bella" is held on her way.
    const relay = await startRelay(async (request, response) => {
      const name = request.method === 'POST' ? (JSON.parse(request.body) as { name: string }).name : '';
      if (name === 'Bella') await held;
      const answer = await forward(shop.url, request);
      if (name.startsWith('Lost')) response.socket?.destroy();
      else passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url, { requestTimeoutMs: 10_000 });

    for (const name of ['Lost 1', 'Lost 2']) {
      const outcome = await counter.invoke('createPet', { pet: { name, categoryId: '1' } });
      expect(outcome.outcome).toBe('queued');
    }
    await vi.waitFor(async () => {
      const states = (await outboxOf(counter)).map((item) => item.check);
      expect(states).toEqual(['needs_check', 'needs_check']);
    });

    // The clerk adds Bella; while she is on her way, the header is read.
    const bella = counter.invoke('createPet', { pet: { name: 'Bella', categoryId: '1' } });
    await vi.waitFor(async () => {
      expect((await counter.invoke('getStatus', {})).connectivity.sending).toBe(1);
    });
    const badge = syncBadge((await counter.invoke('getStatus', {})).connectivity);
    release();
    await bella;

    // What the drawer shows: one being sent, two waiting for the clerk's check (they are never sent by themselves).
    expect(badge).toMatchObject({
      text: 'Sending 1… · 2 to check',
      detail: 'Online — sending 1 animal · 2 animals wait for your check',
    });
  });

  it('with the service online and two adds waiting for the clerk, the header does not say they are waiting to be sent', async () => {
    const shop = await service();
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(shop.url, request);
      if (request.method === 'POST') response.socket?.destroy();
      else passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url);
    for (const name of ['Lost 1', 'Lost 2']) await counter.invoke('createPet', { pet: { name, categoryId: '1' } });
    await vi.waitFor(async () => {
      const items = await outboxOf(counter);
      expect(items.map((item) => item.matches?.pets.length)).toEqual([1, 1]);
    });

    const { connectivity } = await counter.invoke('getStatus', {});
    expect(connectivity.service.health).toBe('online');
    // Nothing will send them: they are on the service already (one matching row each) and wait for the clerk's word.
    expect(connectivity).toMatchObject({ sending: 0, waiting: 0, toCheck: 2 });
    expect(syncBadge(connectivity)).toMatchObject({
      text: '2 to check',
      detail: 'Online · 2 animals wait for your check',
    });
  });
});
