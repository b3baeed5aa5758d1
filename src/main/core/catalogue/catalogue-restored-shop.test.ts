/** The shop's service put back from a backup taken before an add here: the list, its count and the lookup agree. */
import { describe, expect, it } from 'vitest';
import type { CatalogueView, OutboxItem } from '../../../shared';
import { listRows, listTotals } from '../../../renderer/src/lib/list-rows';
import { folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';

/** The list the counter shows (and exports, and prints): the catalogue's rows and this environment's outbox. */
const shown = (catalogue: CatalogueView, outbox: readonly OutboxItem[]) =>
  listRows(
    catalogue.pets,
    outbox.filter((item) => item.environmentId === 'demo'),
    [],
    catalogue.taken,
  );

describe('an animal added here that the service no longer has (its store put back from a backup)', () => {
  it('is no row of the list, nor counted, as the lookup says: now and after a restart', async () => {
    const dir = folder();
    const before = await service({ initialPets: shop() });
    const counter = await openCore(dir, before.url);
    await synced(counter);
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    const id = outcome.outcome === 'created' ? outcome.pet.id : '';
    expect(id).toBe('261');
    expect(shown(await refreshed(counter), await outboxOf(counter)).map((row) => row.pet.id)).toContain(id);

    await before.close();
    const restored = await service({ initialPets: shop(), port: Number(new URL(before.url).port) });
    expect(restored.url).toBe(before.url);
    const catalogue = await refreshed(counter);
    expect(await counter.core.invoke('lookupPet', { id })).toMatchObject({
      ok: false,
      error: { reason: 'no_animal_with_id' },
    });
    const rows = shown(catalogue, await outboxOf(counter));
    expect(rows.filter((row) => row.pet.id === id)).toEqual([]);
    expect(listTotals(rows).all).toBe(260);

    // The outbox keeps Biscuit sent for a week: a restart does not bring its row back.
    await counter.core.close();
    const again = await openCore(dir, before.url);
    const afterRestart = await synced(again);
    const rowsAfter = shown(afterRestart, await outboxOf(again));
    expect(rowsAfter.filter((row) => row.pet.id === id)).toEqual([]);
    expect(listTotals(rowsAfter).all).toBe(afterRestart.count);
    expect(afterRestart.count).toBe(260);
  });

  it('put back while the counter was closed, its copy still listing the animal: no row after the restart', async () => {
    const dir = folder();
    const before = await service({ initialPets: shop() });
    const counter = await openCore(dir, before.url);
    await synced(counter);
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    const id = outcome.outcome === 'created' ? outcome.pet.id : '';
    expect((await refreshed(counter)).pets.map((pet) => pet.id)).toContain(id);
    await counter.core.close();

    await before.close();
    const restored = await service({ initialPets: shop(), port: Number(new URL(before.url).port) });
    expect(restored.url).toBe(before.url);
    const again = await openCore(dir, before.url);
    const afterRestart = await refreshed(again);
    const rows = shown(afterRestart, await outboxOf(again));
    expect(rows.filter((row) => row.pet.id === id)).toEqual([]);
    expect(listTotals(rows).all).toBe(260);
  });
});
