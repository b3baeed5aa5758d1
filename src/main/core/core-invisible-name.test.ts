import { describe, expect, it } from 'vitest';
import { allPets, folder, openCore, service } from './test-support/harness';

describe('a name pasted from a chat that is only invisible marks', () => {
  it('is refused as no name, as a name of spaces is, and no blank animal reaches the shop', async () => {
    const running = await service({ initialPets: [] });
    const { core } = await openCore(folder(), running.url);
    const spaces = await core.invoke('createPet', { pet: { name: '   ', categoryId: '1' } });
    expect(spaces).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    // A zero-width space and a right-to-left mark: the field looks empty (a category name of these is refused).
    const invisible = await core.invoke('createPet', { pet: { name: '\u200B\u200F', categoryId: '1' } });
    expect(invisible).toEqual(spaces);
    expect(await allPets(running.url)).toEqual([]);
  });
});
