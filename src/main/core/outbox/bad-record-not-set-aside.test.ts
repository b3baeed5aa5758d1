/** An outbox file with an unreadable record, on a disk that refuses the copy set aside (full, or the name
 * taken): the app still opens, says so, and the record stays on disk. */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';

const FIXTURES = join(import.meta.dirname, '../test-support/fixtures/outbox');

describe('a bad record that cannot be set aside', () => {
  it('the counter opens, tells the clerk, and the bad record is still in the outbox file', async () => {
    const running = await service();
    const dataDir = folder();
    copyFileSync(join(FIXTURES, 'one-bad-record.jsonl'), join(dataDir, 'outbox.jsonl'));
    // The copy's place is taken (a folder of that name; a full disk refuses it the same way).
    mkdirSync(join(dataDir, 'outbox.unreadable.jsonl'));
    const opened = await openCore(dataDir, running.url).then(
      async (harness) => (await harness.invoke('getStatus', {})).notices.map((notice) => notice.reason),
      (error: unknown) => `the counter did not open: ${String(error)}`,
    );
    expect(opened).toContain('outbox_not_set_aside');
    expect(readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).toContain('"Rex"');
  });
});
