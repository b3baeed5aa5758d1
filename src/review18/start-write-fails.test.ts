/** Review 18: the outbox's first write at a start fails for a moment (the disk still waking up). */
import { describe, expect, it, vi } from 'vitest';
import { PetstoreClient } from '../main/core/petstore-client';
import { writeAtomically } from '../main/core/document-writer';
import { startFaultProxy } from '../main/core/test-support/fault-proxy';
import { KEY, SHOP, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

describe('Lunch waits at the clerk’s check overnight; at the next start the outbox file cannot be written for a moment', () => {
  it('its rows are still looked up afresh once the disk is back, and "Send again" is not refused all day', async () => {
    const running = await service({ initialPets: SHOP });
    // A shop that ignores keys: a lost answer goes to the clerk's check.
    const proxy = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const evening = await openCore(dataDir, proxy.url);
    await proxy.next('dropped');
    await evening.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    await vi.waitFor(async () => expect((await outboxOf(evening))[0]?.matches).toBeDefined(), { timeout: 8000 });
    await evening.core.close();
    // Overnight another counter adds a Lunch of its own: today's check shows two rows, yesterday's showed one.
    const otherCounter = new PetstoreClient({ fetch, baseUrl: running.url, apiKey: KEY, appVersion: 'other' });
    await otherCounter.createPet({ name: 'Lunch', categoryId: '2' });

    // The first write fails (a network home folder not mounted yet, a virus scanner holding the file), then all go.
    let failures = 1;
    const writeOutbox = (path: string, text: string) =>
      failures-- > 0 ? Promise.reject(new Error('EBUSY: resource busy or locked')) : writeAtomically(path, text);
    const morning = await openCore(dataDir, proxy.url, { writeOutbox });
    const lunch = async () => (await outboxOf(morning)).find((one) => one.pet.name === 'Lunch');
    // On main, once the start is written (a second later) yesterday's rows are dropped and today's never looked up:
    // the check stays "not looked up", and Send again and It was created are refused all day.
    await vi.waitFor(async () => expect((await lunch())?.matches?.pets).toHaveLength(2), { timeout: 10_000 });
  });
});
