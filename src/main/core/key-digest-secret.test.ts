/** The outbox keeps a digest of the key in use, made with a secret the keychain keeps: it must outlast a restart. */
import { describe, expect, it, vi } from 'vitest';
import type { SecretStore } from './api-keys';
import { startFaultProxy } from './test-support/fault-proxy';
import { allPets, cleanups, folder, names, openCore, outboxOf, service } from './test-support/harness';

/**
 * The counter's keychain. `lockedAtStart`: locked when the app first starts (a login keyring not unlocked yet: its
 * prompt dismissed), so nothing can be written then; unlocked by the time the clerk stores the key.
 */
function keychain(lockedAtStart: boolean): SecretStore & { unlock: () => void } {
  const entries = new Map<string, string>();
  let locked = lockedAtStart;
  return {
    unlock: () => (locked = false),
    getPassword: (name, account) => Promise.resolve(entries.get(`${name}\n${account}`) ?? null),
    setPassword: (name, account, password) => {
      if (locked) return Promise.reject(new Error('The keyring is locked'));
      entries.set(`${name}\n${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (name, account) => Promise.resolve(entries.delete(`${name}\n${account}`)),
  };
}

async function lostThenRestarted(lockedAtStart: boolean) {
  const running = await service();
  const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
  cleanups.push(() => proxy.close());
  const secrets = keychain(lockedAtStart);
  const dataDir = folder();
  const open = () => openCore(dataDir, proxy.url, { secrets });
  // The first start: the keychain takes nothing yet; then the clerk enters the key (openCore), with it unlocked.
  const before = await openCore(dataDir, proxy.url, {
    secrets: {
      ...secrets,
      setPassword: (name, account, password) => {
        const written = secrets.setPassword(name, account, password);
        secrets.unlock();
        return written;
      },
    },
  });
  // Rex's answer echoes the key: the service honours keys. Biscuit's answer is lost after the service took it.
  expect(await before.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
  await proxy.next('dropped');
  expect(await before.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } })).toMatchObject({
    outcome: 'queued',
  });
  // The counter loses its network, and is closed for the night.
  before.core.setPlatformOnline(false);
  await before.core.close();

  // The next morning: the same keychain, unlocked.
  const after = await open();
  const biscuit = async () => (await outboxOf(after)).find((item) => item.pet.name === 'Biscuit');
  await vi.waitFor(async () => expect(['sent', 'needs_attention']).toContain((await biscuit())?.state), {
    timeout: 10_000,
  });
  const onService = (await allPets(running.url)).filter((pet) => pet.name === 'Biscuit').length;
  return { after, state: (await biscuit())?.state, onService };
}

describe('an animal whose answer was lost, where keys are honoured, when the counter is started again', () => {
  it('with a keychain that took everything: resent with its key the next morning, created once', async () => {
    const { after, state, onService } = await lostThenRestarted(false);
    expect(state).toBe('sent');
    expect(names(await outboxOf(after))).toEqual(['Rex:sent', 'Biscuit:sent']);
    expect(onService).toBe(1);
  });

  it('with a keychain locked at the first start and unlocked for the key: resent the same, not left for the clerk', async () => {
    const { state, onService } = await lostThenRestarted(true);
    expect(onService).toBe(1);
    // The digest secret refused at the first start is written with the key: the next morning's digest of the key is
    // the one Biscuit was sent under, so it is resent, not set before the clerk.
    expect(state).toBe('sent');
  });
});
