import { describe, expect, it } from 'vitest';
import { folder, openCore, service, KEY } from '../main/core/test-support/harness';
import { checkNewPet } from '../renderer/src/lib/validate';
import { stringifyJson } from './json';
import { nameLength, PET_NAME_MAX } from './pet';

/**
 * One rule for names and category ids, kept by the add form, the core and the
 * reference service alike: each accepts exactly the limit and refuses one more.
 */
const AT_THE_LIMIT: Record<string, string> = {
  'a cat emoji': `${'a'.repeat(199)}🐱`,
  'ZWJ families': '👨‍👩‍👧'.repeat(40),
  flags: '🇫🇷'.repeat(100),
  'e with a combining accent': 'e\u0301'.repeat(100),
};
// One letter with 10,000 combining marks: a single character on screen, 10,001 as counted.
const ZALGO = `a${'\u0301'.repeat(10_000)}`;

async function threeParts() {
  const running = await service();
  const { core } = await openCore(folder(), running.url);
  return {
    form: (name: string, categoryId = '1') => checkNewPet({ name, categoryId, status: '' }).ok,
    core: async (name: string, categoryId = '1') => (await core.invoke('createPet', { pet: { name, categoryId } })).ok,
    service: async (name: string, categoryId = '1') => {
      const answer = await fetch(`${running.url}/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: stringifyJson({ name, categoryId: BigInt(categoryId) }),
      });
      return answer.status === 201;
    },
  };
}

describe('the name and category rules the form, the core and the service share', () => {
  it('counts a name as the counter shows it, and all three accept exactly the limit and refuse one more', async () => {
    const parts = await threeParts();
    for (const [kind, name] of Object.entries(AT_THE_LIMIT)) {
      expect(nameLength(name), kind).toBe(PET_NAME_MAX);
      expect([parts.form(name), await parts.core(name), await parts.service(name)], kind).toEqual([true, true, true]);
      const over = `${name}x`;
      expect([parts.form(over), await parts.core(over), await parts.service(over)], kind).toEqual([
        false,
        false,
        false,
      ]);
    }
    expect(nameLength('🐱')).toBe(1);
    expect([parts.form(ZALGO), await parts.core(ZALGO), await parts.service(ZALGO)]).toEqual([false, false, false]);
  });

  it('takes category ids from 1 to the int64 top, and refuses 0 and negatives in all three', async () => {
    const parts = await threeParts();
    for (const categoryId of ['1', '9223372036854775807']) {
      expect(
        [parts.form('Rex', categoryId), await parts.core('Rex', categoryId), await parts.service('Rex', categoryId)],
        categoryId,
      ).toEqual([true, true, true]);
    }
    for (const categoryId of ['0', '-1', '-9223372036854775808']) {
      expect(
        [parts.form('Rex', categoryId), await parts.core('Rex', categoryId), await parts.service('Rex', categoryId)],
        categoryId,
      ).toEqual([false, false, false]);
    }
  });
});
