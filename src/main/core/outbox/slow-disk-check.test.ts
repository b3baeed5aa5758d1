/** The check's rows are never older than the list the app shows, however slowly the disk takes the first look-up. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { writeAtomically } from '../document-writer';
import { refreshed } from '../test-support/catalogue';
import { bellaAddLost, pressedWhatTheDrawerOffers } from './test-support';

describe('Bella created just after the counter gave up, while a slow disk writes her first look-up', () => {
  it('the clerk’s Refresh shows her; the drawer offers her too, and pressing what it offers leaves one Bella', async () => {
    // While `slow`, each write of the outbox takes 3 s (a busy disk, a network folder).
    let slow = false;
    const shop = await bellaAddLost({
      core: {
        writeOutbox: async (path, text) => {
          if (slow) await sleep(3000);
          return writeAtomically(path, text);
        },
      },
    });
    const { harness, bella } = shop;
    // Her rows are being looked up (the list as it was: no Bella yet); the disk turns slow.
    slow = true;
    const made = await shop.created();

    // The clerk presses Refresh: the list shows Bella. It ends once the drawer's rows are on the slow disk: after the
    // look-up's write under way, its own.
    const catalogue = await refreshed(harness, 10_000);
    expect(catalogue.pets.map((pet) => pet.id)).toContain(made.id);
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000, interval: 50 });
    slow = false;

    // The drawer tells the same truth as the list.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    await pressedWhatTheDrawerOffers(shop);
  }, 30_000);
});
