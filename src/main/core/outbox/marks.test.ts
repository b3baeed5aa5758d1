/** A batch's marks are written after whatever the write queue held before them: they take only an animal still waiting. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appError } from '../../../shared';
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
    const waiting = machine.failed(machine.sending(rex, undefined, SHOP, 0), lost, true, 0);
    expect(
      machine.dueBatch(
        [waiting],
        5_000,
        () => true,
        () => ({ honours: true }),
      ),
    ).toHaveLength(1);
    // The clerk's Edit, written first: refused, and Rex set before the clerk ("check first").
    const [checked] = machine.update([waiting], waiting.id, machine.toCheck);
    expect(checked?.state).toBe('needs_check');
    // Then the batch's mark, judged when Rex was still due.
    if (!checked) throw new Error('Rex is in the outbox');
    expect(machine.sending(checked, { honours: true }, SHOP, 5_000)).toMatchObject({ state: 'needs_check' });
  });
});
