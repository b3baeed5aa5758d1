/** Review 18: the environment moved to another shop while an add's mark was being written (a slow disk). */
import { describe, expect, it, vi } from 'vitest';
import { writeAtomically } from '../main/core/document-writer';
import { SHOP, allPets, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

const AGREE = { confirmKeyOrigin: () => Promise.resolve(true) };

describe('the clerk adds Rex while the outbox file is slow to write, and Settings moves the shop to the new address meanwhile', () => {
  it('the outbox says Rex was sent to the shop that holds him, and to no other', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP.slice(0, 5) });
    // A disk (a network drive, a virus scanner) that holds one write until let go.
    let hold: Promise<void> | undefined;
    let holding = false;
    let letGo = () => {};
    const writeOutbox = async (path: string, text: string) => {
      if (hold) {
        holding = true;
        await hold;
      }
      await writeAtomically(path, text);
    };
    const harness = await openCore(folder(), shopA.url, { ...AGREE, writeOutbox });
    hold = new Promise((resolve) => (letGo = resolve));
    const rex = harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await vi.waitFor(() => expect(holding).toBe(true));
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    hold = undefined;
    letGo();
    expect((await rex).outcome).toBe('created');

    const rexes = async (url: string) => (await allPets(url)).filter((pet) => pet.name === 'Rex').length;
    const drawer = async () => (await outboxOf(harness)).map((item) => `${item.pet.name}:${item.state}`);
    const atB = { held: await rexes(shopB.url), drawer: await drawer() };
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopA.url });
    const atA = { held: await rexes(shopA.url), drawer: await drawer() };
    // Rex is in one shop, and that shop's drawer alone says so (on main: created in B, listed as sent in A).
    expect(atA.held + atB.held).toBe(1);
    expect({ atA, atB }).toEqual({
      atA: { held: atA.held, drawer: atA.held ? ['Rex:sent'] : [] },
      atB: { held: atB.held, drawer: atB.held ? ['Rex:sent'] : [] },
    });
  });
});
