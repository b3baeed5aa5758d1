import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { OutboxItem } from '../../../shared/views';
import { listRows, listTotals } from './list-rows';
import { visibleRows } from './search';

const pet = (id: string, name: string, status: Pet['status'] = 'available'): Pet => ({
  id,
  name,
  categoryId: '2',
  status,
});
const shop: Pet[] = Array.from({ length: 260 }, (_, index) =>
  pet(String(index + 1), `Animal ${String(index + 1)}`, index % 3 === 0 ? 'available' : 'sold'),
);
const waiting = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
  environmentId: 'demo',
  pet: { name: 'Bubbles the new one', categoryId: '3', status: 'available' },
  state: 'queued',
  createdAt: 1_000,
  attempts: 0,
  ...over,
});
const keys = (rows: readonly { key: string }[]) => rows.map((row) => row.key);

describe('the list: the whole catalogue and the animals not sent yet', () => {
  it('shows every animal of the catalogue and the true totals', () => {
    const rows = listRows(shop, []);
    expect(rows).toHaveLength(260);
    expect(listTotals(rows)).toEqual({ all: 260, available: 87, waiting: 0 });
  });

  it('adds an animal not sent yet as a row, marked, found by search and counted', () => {
    const rows = listRows(shop, [waiting()]);
    expect(rows).toHaveLength(261);
    const row = rows.at(-1);
    expect(row?.waiting?.state).toBe('queued');
    expect(row?.pet).toEqual({ name: 'Bubbles the new one', categoryId: '3', status: 'available' });
    expect(keys(visibleRows(rows, 'all', 'bubbles', []))).toEqual([waiting().id]);
    expect(listTotals(rows)).toEqual({ all: 261, available: 88, waiting: 1 });
  });

  it('once sent, the row is the service’s with its id, under the same key, and never twice', () => {
    const created = pet('261', 'Bubbles the new one');
    const sent = waiting({ state: 'sent', created, sentAt: 2_000 });
    // Sent, the catalogue not yet synced: the service's row, with its id.
    const before = listRows(shop, [sent]);
    expect(before).toHaveLength(261);
    expect(before.at(-1)).toMatchObject({ key: sent.id, pet: created, sentAt: 2_000 });
    expect(before.at(-1)?.waiting).toBeUndefined();
    // The catalogue lists it now: one row, still under the outbox item's key.
    const after = listRows([...shop, created], [sent]);
    expect(after).toHaveLength(261);
    expect(after.filter((row) => row.pet.id === '261')).toEqual([{ key: sent.id, pet: created, outboxId: sent.id }]);
  });

  it('an animal sent from here that the catalogue took in and lacks now has left the service: no row, not counted', () => {
    const created = pet('261', 'Biscuit');
    const sent = waiting({ state: 'sent', created, sentAt: 2_000 });
    // The shop restored from a backup taken before the add: the outbox keeps Biscuit sent for a week.
    const rows = listRows(shop, [sent], [], [sent.id]);
    expect(rows.filter((row) => row.pet.id === '261')).toEqual([]);
    expect(listTotals(rows).all).toBe(260);
    // Not taken in yet (the catalogue's next revision is on its way): shown as sent, not listed yet.
    expect(listRows(shop, [sent], [], []).at(-1)).toMatchObject({ key: sent.id, pet: created, sentAt: 2_000 });
  });

  it('an animal the service created for this counter shows before the catalogue lists it, once', () => {
    const created = pet('261', 'Bubbles');
    expect(listRows(shop, [], [created])).toHaveLength(261);
    expect(listRows([...shop, created], [], [created])).toHaveLength(261);
  });

  it('leaves out an add the service refused: it will not become an animal', () => {
    const refused = waiting({ state: 'needs_attention', check: 'rejected' });
    expect(listRows(shop, [refused])).toHaveLength(260);
    expect(listRows(shop, [waiting({ state: 'needs_attention', check: 'needs_check' })])).toHaveLength(261);
  });
});
