import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appError, type NewPet } from '../../../shared';
import * as machine from './machine';

type OutboxRecord = machine.OutboxRecord;

const rex: NewPet = { name: 'Rex', categoryId: '1' };
const refused = { error: appError('unreachable', 'unreachable'), reach: 'not_reached' } as const;
const lost = { error: appError('timeout', 'timeout'), reach: 'ambiguous' } as const;
const badRequest = { error: appError('invalid_input', 'values_refused', { status: 400 }), reach: 'answered' } as const;
const busy = {
  error: appError('rate_limited', 'busy', { status: 429, retryAfterSeconds: 30, params: { seconds: 30 } }),
  reach: 'answered',
} as const;
const always = () => true;

function queue(...names: string[]): OutboxRecord[] {
  return names.map((name, index) =>
    machine.newRecord({ id: randomUUID(), key: randomUUID() }, 'demo', { ...rex, name }, 1000 + index),
  );
}
const only = (items: OutboxRecord[]): OutboxRecord => {
  const [item] = items;
  if (!item) throw new Error('no item');
  return item;
};

describe('one animal through the outbox', () => {
  it('sends the oldest queued animal first, and keeps its key through every resend', () => {
    const items = queue('Rex', 'Tom');
    const [first] = machine.dueBatch(items, 2000, always, () => false);
    expect(first?.pet.name).toBe('Rex');
    const key = first?.key;
    const failed = machine.markFailed(
      machine.markSending(items, [first?.id ?? ''], 2000),
      first?.id ?? '',
      lost,
      true,
      2000,
    );
    expect(failed[0]).toMatchObject({ state: 'queued', key, reached: true, attempts: 1 });
  });

  it('a refused request is retried with a back-off that never exceeds 10 s', () => {
    let items = queue('Rex');
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { id } = only(items);
      items = machine.markFailed(machine.markSending(items, [id], 0), id, refused, false, 0);
    }
    expect(only(items)).toMatchObject({ state: 'queued', reached: false, nextAttemptAt: machine.BACKOFF_MAX_MS });
  });

  it('an unsure outcome waits for the clerk where the service ignores keys', () => {
    const items = queue('Rex');
    const { id } = only(items);
    expect(only(machine.markFailed(machine.markSending(items, [id], 0), id, lost, false, 0)).state).toBe('needs_check');
  });

  it('a refusal for good is rejected; busy (429) waits the time asked', () => {
    const items = queue('Rex');
    const { id } = only(items);
    expect(only(machine.markFailed(items, id, badRequest, true, 0)).state).toBe('rejected');
    expect(only(machine.markFailed(items, id, busy, false, 0))).toMatchObject({
      state: 'queued',
      nextAttemptAt: 30_000,
    });
  });

  it('after a restart, an interrupted send is resent only where the key is honoured', () => {
    const rex = queue('Rex');
    const interrupted = machine.markSending(rex, [only(rex).id], 5);
    expect(only(machine.recoverInterrupted(interrupted, () => true, 5)).state).toBe('queued');
    expect(only(machine.recoverInterrupted(interrupted, () => false, 5)).state).toBe('needs_check');
  });

  it('editing keeps the key until a request may have reached the service', () => {
    const items = queue('Rex');
    const { id, key } = only(items);
    expect(only(machine.edit(items, id, { ...rex, name: 'Max' }, 'new-key', 0)).key).toBe(key);
    const reached = machine.markFailed(machine.markSending(items, [id], 0), id, lost, false, 0);
    expect(only(machine.edit(reached, id, { ...rex, name: 'Max' }, 'new-key', 0))).toMatchObject({
      key: 'new-key',
      state: 'queued',
      pet: { name: 'Max' },
    });
  });

  it('sent animals are listed for a week, then dropped', () => {
    const items = queue('Rex');
    const sent = machine.markSent(items, only(items).id, { ...rex, id: '7', status: 'available' }, 0);
    expect(machine.pruneSent(sent, machine.SENT_KEPT_MS - 1)).toHaveLength(1);
    expect(machine.pruneSent(sent, machine.SENT_KEPT_MS)).toHaveLength(0);
  });

  it('an animal being sent cannot be discarded', () => {
    const items = queue('Rex');
    const { id } = only(items);
    expect(machine.discard(machine.markSending(items, [id], 0), id)).toHaveLength(1);
    expect(machine.discard(items, id)).toHaveLength(0);
  });

  it('a service keeps answering an error: after three tries the animal waits for the clerk with those words', () => {
    const failed = { error: appError('server_error', 'service_failed', { status: 500 }), reach: 'ambiguous' } as const;
    let items = queue('Rex');
    const { id } = only(items);
    for (let attempt = 0; attempt < machine.MAX_ANSWERED_FAILURES; attempt += 1) {
      expect(only(items).state).toBe('queued');
      items = machine.markFailed(machine.markSending(items, [id], 0), id, failed, true, 0);
    }
    expect(only(items)).toMatchObject({ state: 'rejected', lastError: { status: 500 } });
  });

  it('the service coming back frees animals that waited for it, not one it refused on its own', () => {
    const [down, refusedAlone] = queue('Down', 'Alone').map((item, index) => ({
      ...item,
      nextAttemptAt: 9_000,
      lastError:
        index === 0
          ? appError('unreachable', 'unreachable')
          : appError('server_error', 'service_failed', { status: 500 }),
    }));
    const items = machine.makeDueNow(
      [down, refusedAlone].filter((item) => item !== undefined),
      1_000,
    );
    expect(items.map((item) => item.nextAttemptAt)).toEqual([1_000, 9_000]);
  });
});

describe('what the service has proved about keys', () => {
  const key = randomUUID();
  const answer = (status: number, echoed: string | null, lifetime: string | null = null) => ({
    status,
    echoed,
    lifetime,
  });

  it('a success echoing exactly the key proves it, with the lifetime stated; a success without withdraws it', () => {
    expect(machine.learn(undefined, key, answer(201, key, '3600'))).toEqual({
      honours: true,
      keyLifetimeMs: 3_600_000,
    });
    expect(machine.learn({ honours: true }, key, answer(201, null))).toEqual({ honours: false });
    expect(machine.learn({ honours: true }, key, answer(201, randomUUID()))).toEqual({ honours: false });
  });

  it('an error answer proves nothing either way, echo or not', () => {
    expect(machine.learn(undefined, key, answer(502, key))).toBeUndefined();
    expect(machine.learn({ honours: true }, key, answer(500, null))).toEqual({ honours: true });
  });

  it('a key is resent only while the service still keeps it, with a minute to spare', () => {
    const sent = { ...only(machine.markSending(queue('Rex'), [], 0)), reached: true, firstSentAt: 0 };
    expect(
      machine.keyMayBeForgotten(sent, machine.DEFAULT_KEY_LIFETIME_MS, machine.DEFAULT_KEY_LIFETIME_MS - 120_000),
    ).toBe(false);
    expect(machine.keyMayBeForgotten(sent, machine.DEFAULT_KEY_LIFETIME_MS, machine.DEFAULT_KEY_LIFETIME_MS)).toBe(
      true,
    );
    expect(machine.keyMayBeForgotten({ ...sent, reached: false }, 1, 10 ** 12)).toBe(false);
  });
});
