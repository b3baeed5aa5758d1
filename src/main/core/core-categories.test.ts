import { describe, expect, it } from 'vitest';
import { KEY, folder, openCore, service } from './test-support/harness';

describe('category names, kept on this computer per environment', () => {
  it('starts the demo with its categories named, adds and renames, keeps them across a restart, and never mixes environments', async () => {
    const running = await service();
    const dir = folder();
    const first = await openCore(dir, running.url);
    const seeded = await first.invoke('getCategories', {});
    expect(seeded.environmentId).toBe('demo');
    expect(seeded.categories).toContainEqual({ id: '2', label: 'Cats' });

    await first.invoke('setCategoryLabel', { category: { id: '2', label: '  House cats ' } });
    const added = await first.invoke('setCategoryLabel', { category: { id: '9007199254740993', label: 'Axolotls' } });
    expect(added.categories).toContainEqual({ id: '2', label: 'House cats' });
    expect(added.categories.at(-1)).toEqual({ id: '9007199254740993', label: 'Axolotls' });
    await first.core.close();

    const again = await openCore(dir, running.url);
    expect((await again.invoke('getCategories', {})).categories).toContainEqual({
      id: '9007199254740993',
      label: 'Axolotls',
    });
    await again.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: running.url });
    await again.invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });
    await again.invoke('selectEnvironment', { environmentId: 'staging' });
    expect(await again.invoke('getCategories', {})).toEqual({ environmentId: 'staging', categories: [] });
  });

  it('refuses an id below 1 and an empty name, with a message for the field', async () => {
    const running = await service();
    const { core } = await openCore(folder(), running.url);
    for (const category of [
      { id: '0', label: 'Nothing' },
      { id: '-3', label: 'Negative' },
      { id: '4', label: '   ' },
    ]) {
      const answer = await core.invoke('setCategoryLabel', { category });
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
  });

  it('refuses a name made only of invisible marks (pasted), with "Enter a name": it would read as an empty field', async () => {
    const running = await service();
    const { core } = await openCore(folder(), running.url);
    const answer = await core.invoke('setCategoryLabel', { category: { id: '9', label: '\u200B\u00AD' } });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fields: { category: 'label_missing' } },
    });
  });

  it('refuses a name another id already bears, whatever its case or accents, and takes a name off an id', async () => {
    const running = await service();
    const dir = folder();
    const first = await openCore(dir, running.url);
    for (const label of ['cats', 'CATS', ' Câts ']) {
      const answer = await first.core.invoke('setCategoryLabel', { category: { id: '7', label } });
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input', fields: { category: 'label_taken' } },
      });
    }
    // Its own name, in other letters, is a rename, not a clash.
    const renamed = await first.invoke('setCategoryLabel', { category: { id: '2', label: 'CATS' } });
    expect(renamed.categories).toContainEqual({ id: '2', label: 'CATS' });

    const removed = await first.invoke('removeCategoryLabel', { id: '2' });
    expect(removed.categories.map((category) => category.id)).toEqual(['1', '3', '4', '5', '6']);
    await first.core.close();
    const again = await openCore(dir, running.url);
    expect((await again.invoke('getCategories', {})).categories.some((category) => category.id === '2')).toBe(false);
    // The name is free again.
    const reused = await again.invoke('setCategoryLabel', { category: { id: '7', label: 'Cats' } });
    expect(reused.categories).toContainEqual({ id: '7', label: 'Cats' });
  });
});
