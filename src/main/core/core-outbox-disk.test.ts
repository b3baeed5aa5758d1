import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, openCore, outboxOf } from './core-harness';
import { closedPort } from './test-support';

describe('an animal that cannot be queued on disk', () => {
  it('is refused with a "could not save" error, is not kept in memory, and nothing throws', async () => {
    const dataDir = folder();
    const harness = await openCore(dataDir, `http://127.0.0.1:${String(await closedPort())}/v1`);
    // A folder where the outbox file belongs: the atomic rename cannot land.
    rmSync(join(dataDir, 'outbox.json'), { force: true });
    mkdirSync(join(dataDir, 'outbox.json'));

    const result = await harness.core.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(await outboxOf(harness)).toEqual([]);
  });
});
