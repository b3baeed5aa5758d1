/** An outbox file with an unreadable record, on a disk that refuses the copy set aside (full, or the name
 * taken): the app still opens, says so, shows every animal it could read, and sends or changes none of them. */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { folder, names, openCore, outboxOf, service } from '../test-support/harness';

const FIXTURES = join(import.meta.dirname, '../test-support/fixtures/outbox');
const FIXTURE = join(FIXTURES, 'one-bad-record.jsonl');
/** The keys of the file's two readable animals waiting, Bella and Luna. */
const READABLE_KEYS = ['10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000004'];

/** A data folder holding the fixture as its outbox, where the copy's place is taken (a folder of that name; a full
 * disk refuses it the same way). */
function outboxNotSetAside(): string {
  const dataDir = folder();
  copyFileSync(FIXTURE, join(dataDir, 'outbox.jsonl'));
  mkdirSync(join(dataDir, 'outbox.unreadable.jsonl'));
  return dataDir;
}

describe('a bad record that cannot be set aside', () => {
  it('the counter opens, tells the clerk, and the bad record is still in the outbox file', async () => {
    const running = await service();
    const dataDir = outboxNotSetAside();
    const opened = await openCore(dataDir, running.url).then(
      async (harness) => (await harness.invoke('getStatus', {})).notices.map((notice) => notice.reason),
      (error: unknown) => `the counter did not open: ${String(error)}`,
    );
    expect(opened).toContain('outbox_not_set_aside');
    expect(readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).toContain('"Rex"');
  });

  it('the clerk still sees and counts the animals that could be read; none is sent or changed, and Send now says why', async () => {
    const running = await service();
    const dataDir = outboxNotSetAside();
    const harness = await openCore(dataDir, running.url);

    // Not an empty outbox: Bella and Luna wait, and the header counts them.
    expect(names(await outboxOf(harness))).toEqual(['Bella:queued', 'Luna:queued']);
    expect((await harness.invoke('getStatus', {})).connectivity.waiting).toBe(2);

    // The service answers (a refresh), which sends what waits in a writable outbox; the clerk presses Send now.
    await harness.invoke('refreshCatalogue', {});
    const [bella] = await outboxOf(harness);
    if (!bella) throw new Error('Bella is not shown');
    const sendNow = await harness.core.invoke('retryOutboxItem', { id: bella.id });
    expect(sendNow).toMatchObject({ ok: false, error: { kind: 'storage', reason: 'outbox_read_only' } });
    await sleep(1500);

    expect(READABLE_KEYS.map((key) => running.countByIdempotencyKey(key))).toEqual([0, 0]);
    expect(names(await outboxOf(harness))).toEqual(['Bella:queued', 'Luna:queued']);
    await harness.core.close();
    expect(readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).toBe(readFileSync(FIXTURE, 'utf8'));
  });
});
