import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { cleanups, folder, openCore, outboxOf } from './core/test-support/harness';
import { sendJson, startFaultServer } from './core/test-support';
import { OUTBOX_RECHECK_MS } from './updates/decide';
import { followSending, startUpdates, type Updater } from './updater';

/** electron-updater's autoUpdater needs a packaged Electron app: this stand-in records what the shell asks of it. */
class StandInUpdater extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  calls: string[] = [];
  checkForUpdates(): Promise<unknown> {
    this.calls.push('check');
    return Promise.resolve(null);
  }
  downloadUpdate(): Promise<unknown> {
    return Promise.resolve([]);
  }
  quitAndInstall(): void {
    this.calls.push('quitAndInstall');
  }
}

/** A service that refuses "Refused" (400), fails "Unsure" ambiguously (500, keys not echoed) and asks "Waiting" to wait (429). */
async function pickyService() {
  const answers: Record<string, [number, string, Record<string, string>?]> = {
    Refused: [400, '{"code":"bad_request","message":"No","status":400}'],
    Unsure: [500, '{"code":"internal_error","message":"Oops","status":500}'],
    Waiting: [429, '{"code":"rate_limited","message":"Later","status":429}', { 'retry-after': '300' }],
  };
  const server = await startFaultServer((request, response, body) => {
    if (request.method !== 'POST') {
      sendJson(response, 200, '[]');
      return;
    }
    // "Slow" is never answered: the core's request timeout ends its send.
    const answer = answers[(JSON.parse(body) as { name: string }).name];
    if (answer) sendJson(response, ...answer);
  });
  cleanups.push(() => server.close());
  return server;
}

function shellUpdates(updater: StandInUpdater, animalsBeingSent: () => number) {
  const willQuit: Array<() => void> = [];
  const running = startUpdates({
    updater: () => updater,
    packaged: true,
    animalsBeingSent,
    askToRestart: () => Promise.resolve('restart'),
    onWillQuit: (listener) => willQuit.push(listener),
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  cleanups.push(() => running.stop());
  return { quit: () => willQuit.forEach((listener) => listener()) };
}

const statesOf = async (harness: Parameters<typeof outboxOf>[0]) =>
  Object.fromEntries(
    (await outboxOf(harness)).map((item) => [item.pet.name, `${item.state}${item.check ? `:${item.check}` : ''}`]),
  );

const LEFT_BEHIND = {
  Refused: 'needs_attention:rejected',
  Unsure: 'needs_attention:needs_check',
  Waiting: 'queued',
};

describe('an update with animals left in the outbox', () => {
  it('installs at once when none is being sent, and the waiting, uncertain and refused ones are there after the restart', async () => {
    const service = await pickyService();
    const dataDir = folder();
    const before = await openCore(dataDir, service.url);
    // Added while the computer is offline, sent in order once it is back.
    before.core.setPlatformOnline(false);
    for (const name of Object.keys(LEFT_BEHIND)) {
      await before.invoke('createPet', { pet: { name, categoryId: '1' } });
    }
    before.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(await statesOf(before)).toEqual(LEFT_BEHIND), { timeout: 5000 });

    const updater = new StandInUpdater();
    const shell = shellUpdates(updater, await followSending(before.core));
    updater.emit('update-downloaded', { version: '0.2.0' });
    await vi.waitFor(() => expect(updater.calls).toContain('quitAndInstall'));

    // The quit that installs: the shell closes the core (flushing the outbox), then will-quit has the last word.
    await before.core.close();
    shell.quit();
    expect(updater.autoInstallOnAppQuit).toBe(true);

    // The new version's core on the same folder: all three are there (the waiting one tried again, and waits again).
    const after = await openCore(dataDir, service.url);
    await vi.waitFor(async () => expect(await statesOf(after)).toEqual(LEFT_BEHIND), { timeout: 5000 });
  });

  it('waits while an animal is being sent, and restarts once that send has ended', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const service = await pickyService();
    const { core } = await openCore(folder(), service.url);
    const updater = new StandInUpdater();
    const sending = await followSending(core);
    shellUpdates(updater, sending);
    const adding = core.invoke('createPet', { pet: { name: 'Slow', categoryId: '1' } });
    await vi.waitFor(() => expect(sending()).toBe(1));
    updater.emit('update-downloaded', { version: '0.2.0' });
    await vi.advanceTimersByTimeAsync(OUTBOX_RECHECK_MS);
    expect(updater.calls).not.toContain('quitAndInstall');

    await adding;
    await vi.advanceTimersByTimeAsync(OUTBOX_RECHECK_MS);
    expect(updater.calls).toContain('quitAndInstall');
  });
});
