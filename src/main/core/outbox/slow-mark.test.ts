/** A resend is judged against its key's lifetime as its mark is written; the request leaves once the disk holds the
 * mark. A data folder on a network share can take a minute or more to write (the share reconnecting). */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { writeAtomically } from '../document-writer';
import { movableClock } from '../test-support';
import { allPets, openCore } from '../test-support/harness';
import { lunchLostOnFriday, stateOf } from './test-support';

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;
/** How long the network share takes to write Lunch's mark. */
const STALL_MS = 75 * SECOND_MS;

describe('an add whose answer was lost, resent from a data folder on a network share that stalls', () => {
  it(
    'back 23 h 58 min 50 s later, the share taking 75 s to write Lunch’s mark: she is not resent past her key’s day, and the shop holds one',
    { timeout: 150_000 },
    async () => {
      const clock = movableClock();
      const { running, gateway, dataDir, key } = await lunchLostOnFriday(clock.now);

      // Ten seconds before the last moment her key may be resent (its day less the minute in hand).
      clock.advance(DAY_MS - 70 * SECOND_MS);
      let stalled = false;
      const monday = await openCore(dataDir, gateway.url, {
        now: clock.now,
        writeOutbox: async (path, text) => {
          if (!stalled && text.includes('"state":"sending"')) {
            stalled = true;
            await sleep(STALL_MS);
          }
          return writeAtomically(path, text);
        },
      });
      await vi.waitFor(() => expect(stalled).toBe(true), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await stateOf(monday, 'Lunch')).toMatch(/needs_check|sent/), {
        timeout: STALL_MS + 20_000,
      });

      expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
      expect(running.countByIdempotencyKey(key)).toBeLessThanOrEqual(1);
    },
  );
});
