import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueMeta } from '../../../shared/views';
import { i18n } from '../i18n/i18n.svelte';
import { incompleteNote } from './list-status';

const meta = (completeness: CatalogueMeta['completeness']): CatalogueMeta => ({
  environmentId: 'demo',
  petsRevision: 1,
  count: 200,
  completeness,
  syncedAt: 0,
  state: 'offline',
});

describe('the note under the toolbar when the shop on screen may be short', () => {
  afterEach(() => i18n.choose(null));

  it('gives the real reason: a service that lists at most 100 a status, or a saved copy cut short — and nothing when whole', () => {
    expect(incompleteNote(meta('service_lists_capped'))).toMatch(/at most 100 animals per status/);
    expect(incompleteNote(meta('copy_cut_short'))).toBe(
      'Part of the saved copy could not be read; the next sync brings the rest.',
    );
    expect(incompleteNote(meta('service_links_cut'))).toMatch(/goes on where the app does not follow it/);
    expect(incompleteNote(meta('complete'))).toBeNull();
    expect(incompleteNote(null)).toBeNull();
  });

  it('says the shop is not loaded yet, where only the animals added here can be shown', () => {
    expect(incompleteNote({ ...meta('complete'), syncedAt: null })).toBe(
      'The shop’s animals are not loaded yet: only those added on this computer are here.',
    );
  });

  it('says it in the clerk’s language', () => {
    i18n.choose('de');
    expect(incompleteNote(meta('copy_cut_short'))).toBe(
      'Ein Teil der gespeicherten Kopie war nicht lesbar; der nächste Abgleich bringt den Rest.',
    );
  });
});
