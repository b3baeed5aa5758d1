/** Review 4: the sync badge counts what the drawer shows waiting (docs/architecture.md), and its check is waiting too. */
import { describe, expect, it, vi } from 'vitest';
import { forward, startRelay } from './test-support/relay';
import { allPets, cleanups, folder, names, openCore, outboxOf, service } from './test-support/harness';

describe('an add whose answer was lost after the service created it', () => {
  it('waits in the drawer for the clerk’s check, and the header’s badge counts it as the drawer does', async () => {
    const running = await service();
    // The service creates the animal; the answer is lost on the way back.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      if (request.method === 'POST') return void response.socket?.destroy();
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(answer.text);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Cid:needs_attention']));
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);

    const drawerWaiting = (await outboxOf(harness)).filter((item) => item.state !== 'sent');
    const { connectivity } = await harness.invoke('getStatus', {});
    expect(connectivity.pending).toBe(drawerWaiting.length);
  });
});
