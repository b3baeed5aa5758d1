import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLinklessService } from '../test-support/linkless-service';
import type { ServiceHealth } from '../../../shared';
import { cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { DEFAULT_FRESHNESS, Freshness } from './freshness';

describe('when the app looks by itself', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A Freshness on fake timers, counting its checks and syncs; its clock can be set back (`clock.offset`). */
  function watched() {
    vi.useFakeTimers();
    const counts = { checks: 0, syncs: 0 };
    const clock = { offset: 0 };
    const freshness = new Freshness({
      timings: DEFAULT_FRESHNESS,
      now: () => Date.now() + clock.offset,
      check: () => {
        counts.checks += 1;
        return Promise.resolve();
      },
      sync: () => {
        counts.syncs += 1;
        return Promise.resolve();
      },
    });
    freshness.start();
    return { freshness, counts, clock };
  }

  it('syncs at start and every three minutes, and checks every 5 s while the clerk has the window', async () => {
    const { counts } = watched();
    expect(counts).toEqual({ checks: 0, syncs: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    // Whatever happens to the service, the header has looked within 10 s.
    expect(counts.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(170_000);
    expect(counts).toEqual({ checks: 36, syncs: 2 });
  });

  it('backs off while the window is in the background (doubling to a minute), and looks at once on return', async () => {
    const { freshness, counts } = watched();
    await vi.advanceTimersByTimeAsync(5_000);
    freshness.setFocused(false);
    const before = counts.checks;
    // Waits of 10, 20, 40, 60, 60 … s: five checks in 4 minutes instead of 48.
    await vi.advanceTimersByTimeAsync(240_000);
    expect(counts.checks - before).toBe(5);
    freshness.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(counts.checks - before).toBe(6);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(counts.checks - before).toBe(7);
  });

  it('syncs when the clerk comes back to the window, unless it synced moments ago', async () => {
    const { freshness, counts } = watched();
    freshness.setFocused(false);
    freshness.setFocused(true);
    expect(counts.syncs).toBe(1);
    freshness.setFocused(false);
    await vi.advanceTimersByTimeAsync(20_000);
    freshness.setFocused(true);
    expect(counts.syncs).toBe(2);
  });

  it('syncs when the clerk comes back after the computer’s clock was set back an hour, not only an hour later', async () => {
    const { freshness, counts, clock } = watched();
    freshness.setFocused(false);
    clock.offset = -60 * 60_000;
    await vi.advanceTimersByTimeAsync(20_000);
    freshness.setFocused(true);
    expect(counts.syncs).toBe(2);
  });
});

describe('the header notices by itself', () => {
  it('says offline when the service goes away and online when it is back, with no click, and sends what waited', async () => {
    const upstream = await service();
    const relay = await startLinklessService(upstream.url);
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url, { freshness: { checkEveryMs: 100 } });
    const health: ServiceHealth[] = [];
    harness.core.on('onConnectivity', (state) => health.push(state.service.health));
    await expect.poll(() => health.at(-1)).toBe('online');

    await relay.setDown(true);
    // The check runs every 100 ms here (5 s in the app): well within the 10 s promised.
    await expect.poll(() => health.at(-1), { timeout: 2000 }).toBe('offline');
    const queued = await harness.invoke('createPet', { pet: { name: 'Waited', categoryId: '2' } });
    expect(queued.outcome).toBe('queued');

    await relay.setDown(false);
    const back = Date.now();
    await expect.poll(() => health.at(-1), { timeout: 2000 }).toBe('online');
    await expect
      .poll(async () => (await outboxOf(harness)).map((item) => item.state), { timeout: 2000 })
      .toEqual(['sent']);
    expect(Date.now() - back).toBeLessThan(2000);
    // Created once, and in the catalogue.
    const catalogue = await harness.invoke('getCatalogue', {});
    expect(catalogue.pets.filter((pet) => pet.name === 'Waited')).toHaveLength(1);
  });
});
