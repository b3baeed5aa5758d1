/** A batch's marks are written after whatever the write queue held before them: they take only an animal still waiting. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { appError } from '../../../shared';
import { writeAtomically } from '../document-writer';
import { startFaultProxy } from '../test-support/fault-proxy';
import { cleanups, folder, names, openCore, outboxOf, service } from '../test-support/harness';
import * as machine from './machine';

const SHOP = 'https://shop.example/v1 key-1';
const lost = { error: appError('timeout', 'timeout'), reach: 'ambiguous' } as const;

describe('a batch marked for sending in the same write as the clerk’s Edit of one of its animals', () => {
  it('leaves the animal the Edit set before the clerk’s check waiting for that check: it is not sent again', () => {
    const rex = machine.newRecord(
      { id: randomUUID(), key: randomUUID(), environmentId: 'demo', pet: { name: 'Rex', categoryId: '1' } },
      0,
    );
    // Its answer was lost where keys are honoured: it waits to be resent with its key, and falls due.
    const waiting = machine.failed(machine.sending(rex, { facts: undefined, to: SHOP, serviceNow: 0 }), lost, true, 0);
    expect(
      machine.dueBatch(
        [waiting],
        5_000,
        () => true,
        () => ({ honours: true }),
        () => false,
      ),
    ).toHaveLength(1);
    // The clerk's Edit, written first: refused, and Rex set before the clerk ("check first").
    const [checked] = machine.update([waiting], waiting.id, machine.toCheck);
    expect(checked?.state).toBe('needs_check');
    // Then the batch's mark, judged when Rex was still due.
    if (!checked) throw new Error('Rex is in the outbox');
    expect(machine.sending(checked, { facts: { honours: true }, to: SHOP, serviceNow: 5_000 })).toMatchObject({
      state: 'needs_check',
    });
  });
});

describe('the clerk edits an animal whose answer was lost, while the outbox is busy writing', () => {
  it('is told to check first, and the animal waits for that check: the resend falling due meanwhile does not take it', async () => {
    const running = await service();
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    let disk: Promise<void> = Promise.resolve();
    const harness = await openCore(folder(), proxy.url, {
      writeOutbox: async (path, text) => {
        await disk;
        await writeAtomically(path, text);
      },
    });
    // The service honours keys (a first add), then Biscuit's answer is lost: resent in a second, with its key.
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await proxy.next('dropped');
    const biscuit = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    if (biscuit.outcome !== 'queued') throw new Error(`expected Biscuit to wait, got ${biscuit.outcome}`);
    // The disk is slow: another add's write is under way while the clerk edits Biscuit and its resend falls due.
    let diskDone = () => {};
    disk = new Promise((resolve) => (diskDone = resolve));
    const max = harness.core.invoke('createPet', { pet: { name: 'Max', categoryId: '3' } });
    const edit = harness.core.invoke('editOutboxItem', {
      id: biscuit.item.id,
      pet: { name: 'Biscuit the second', categoryId: '2' },
    });
    await sleep(2000);
    diskDone();
    expect(await edit).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    expect(await max).toMatchObject({ ok: true });
    await sleep(1500);
    expect(names(await outboxOf(harness))).toContain('Biscuit:needs_attention');
    expect(proxy.posts.filter((name) => name === 'Biscuit')).toHaveLength(1);
  });
});
