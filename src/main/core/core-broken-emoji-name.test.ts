import { describe, expect, it } from 'vitest';
import { allPets, folder, openCore, outboxOf, service } from './test-support/harness';

describe('a name cut in the middle of an emoji (half of its pair, pasted from a field that cut it)', () => {
  it('is refused as the name, not added as "Rex �" and then left for the clerk to check', async () => {
    const running = await service({ initialPets: [] });
    const harness = await openCore(folder(), running.url);
    // "Rex 🐶" cut after the dog's first half: not text any service can keep.
    const answer = await harness.core.invoke('createPet', { pet: { name: 'Rex \uD83D', categoryId: '1' } });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fields: { pet: expect.any(String) as unknown } },
    });
    expect(await outboxOf(harness)).toEqual([]);
    expect(await allPets(running.url)).toEqual([]);
  });
});
