/** An outbox file damaged inside a letter of two bytes (a copy cut short, a sector gone bad): what is set aside is the
 * damaged line's own bytes, so the animal can still be pieced together from them. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { allPets, folder, names, openCore, outboxOf, service } from '../test-support/harness';

const record = (n: number, name: string) =>
  JSON.stringify({
    id: `00000000-0000-4000-8000-00000000000${String(n)}`,
    key: `10000000-0000-4000-8000-00000000000${String(n)}`,
    environmentId: 'demo',
    pet: { name, categoryId: '1' },
    state: 'queued',
    createdAt: 1764000000000,
    attempts: 0,
    ownFailures: 0,
    reached: false,
  });

describe('an outbox line cut off in the middle of “ü”', () => {
  it('Herr Müller’s record is kept aside byte for byte, and Bella is sent', async () => {
    const running = await service();
    const dataDir = folder();
    const muller = Buffer.from(record(2, 'Herr Müller'), 'utf8');
    // Cut after the first of the ü's two bytes.
    const torn = muller.subarray(0, muller.indexOf(Buffer.from('ü')) + 1);
    const header = '{"version":1,"app":"0.9.0","services":{}}\n';
    writeFileSync(
      join(dataDir, 'outbox.jsonl'),
      Buffer.concat([Buffer.from(`${header}${record(1, 'Bella')}\n`), torn, Buffer.from('\n')]),
    );
    const harness = await openCore(dataDir, running.url);

    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Bella:sent']), { timeout: 5000 });
    // As bytes (hex): a read as text would make the same replacement character of both.
    const aside = readFileSync(join(dataDir, 'outbox.unreadable.jsonl')).toString('hex');
    expect(aside).toBe(Buffer.concat([torn, Buffer.from('\n')]).toString('hex'));
  });

  it('Herr Müller’s record whose ü lost a byte is set aside, never sent to the shop as “Herr M�ller”', async () => {
    const running = await service();
    const dataDir = folder();
    const muller = Buffer.from(record(2, 'Herr Müller'), 'utf8');
    const at = muller.indexOf(Buffer.from('ü'));
    // The ü's second byte gone: the line is still whole JSON, its name no longer UTF-8.
    const damaged = Buffer.concat([muller.subarray(0, at + 1), muller.subarray(at + 2)]);
    const header = '{"version":1,"app":"0.9.0","services":{}}\n';
    writeFileSync(
      join(dataDir, 'outbox.jsonl'),
      Buffer.concat([Buffer.from(`${header}${record(1, 'Bella')}\n`), damaged, Buffer.from('\n')]),
    );
    const harness = await openCore(dataDir, running.url);

    await vi.waitFor(
      async () => expect(names(await outboxOf(harness)).every((one) => one.endsWith(':sent'))).toBe(true),
      { timeout: 5000 },
    );
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Bella']);
    const aside = readFileSync(join(dataDir, 'outbox.unreadable.jsonl')).toString('hex');
    expect(aside).toBe(Buffer.concat([damaged, Buffer.from('\n')]).toString('hex'));
  });
});
