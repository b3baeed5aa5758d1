import { describe, expect, it } from 'vitest';
import { Deadlines } from './deadlines';

describe('request deadlines sharing one timer', () => {
  it('a quick request times out on time even while a slow one is already waiting', async () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    const releaseSlow = deadlines.add(10_000, () => expired.push('slow'));
    const started = performance.now();
    const quick = new Promise<number>((resolve) => deadlines.add(30, () => resolve(performance.now() - started)));
    expect(await quick).toBeGreaterThanOrEqual(29);
    expect(expired).toEqual([]);
    releaseSlow();
  });

  it('a request that answered in time is never timed out, and later ones still are', async () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    deadlines.add(20, () => expired.push('answered'))();
    await new Promise<void>((resolve) => deadlines.add(40, () => resolve()));
    expect(expired).toEqual([]);
    await new Promise<void>((resolve) => deadlines.add(20, () => resolve()));
  });
});
