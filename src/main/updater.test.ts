import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_INTERVAL_MS, OUTBOX_RECHECK_MS } from './updates/decide';
import { electronAutoUpdater, startUpdates, type Updater, type UpdatesOptions } from './updater';

/**
 * Electron cannot run here, and electron-updater's own `autoUpdater` needs a
 * packaged Electron app: this stand-in records what the shell asks of it and
 * lets the test emit electron-updater's events. (The feed itself is read by
 * the real electron-updater in updates/feed.test.ts.)
 */
class FakeUpdater extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  calls: string[] = [];
  checkForUpdates(): Promise<unknown> {
    this.calls.push('check');
    this.emit('checking-for-update');
    return Promise.resolve(null);
  }
  downloadUpdate(): Promise<unknown> {
    this.calls.push('download');
    return Promise.resolve([]);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.calls.push(`quitAndInstall(${String(isSilent)}, ${String(isForceRunAfter)})`);
  }
}

function setUp(overrides: Partial<UpdatesOptions> = {}) {
  const updater = new FakeUpdater();
  const asked: Array<{ version: string; sending: number }> = [];
  const logged: string[] = [];
  const willQuit: Array<() => void> = [];
  let answer: 'restart' | 'later' = 'later';
  let sending = 0;
  let built = 0;
  const updates = startUpdates({
    updater: () => {
      built += 1;
      return updater;
    },
    packaged: true,
    animalsBeingSent: () => sending,
    askToRestart: (version, count) => {
      asked.push({ version, sending: count });
      return Promise.resolve(answer);
    },
    onWillQuit: (listener) => willQuit.push(listener),
    log: {
      info: (...data) => logged.push(data.join(' ')),
      warn: (...data) => logged.push(data.join(' ')),
      error: () => {},
    },
    ...overrides,
  });
  return {
    updater,
    updates,
    asked,
    logged,
    built: () => built,
    quit: () => willQuit.forEach((listener) => listener()),
    answer: (next: 'restart' | 'later') => (answer = next),
    sending: (count: number) => (sending = count),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the updater shell', () => {
  it('is off in a development run and when the policy says so: electron-updater is never even built', () => {
    for (const options of [{ packaged: false }, { updatesEnabled: false }]) {
      const run = setUp(options);
      expect(run.built()).toBe(0);
      expect(run.logged[0]).toMatch(/^Updates off: /);
      vi.advanceTimersByTime(2 * CHECK_INTERVAL_MS);
      expect(run.updater.calls).toEqual([]);
    }
  });

  it('stays off, and says why, when the feed the build fixed is not one the app takes', () => {
    const run = setUp({
      updater: () => electronAutoUpdater(console, new URL('http://updates.shop.example/counter/win/x64')),
    });
    expect(run.logged).toEqual([
      'Updates off: Updates refused: the update feed http://updates.shop.example/counter/win/x64 is not https',
    ]);
    expect(run.updater.calls).toEqual([]);
  });

  it('downloads in the background, checks at start and again every 6 hours', async () => {
    const run = setUp();
    expect(run.updater.autoDownload).toBe(true);
    expect(run.updater.calls).toEqual(['check']);
    run.updater.emit('update-not-available', { version: '0.1.0' });
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1_000);
    expect(run.updater.calls).toEqual(['check']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run.updater.calls).toEqual(['check', 'check']);
    run.updates.stop();
  });

  it('asks once the update is downloaded; "later" installs it only on a quit with nothing being sent', async () => {
    const run = setUp();
    run.updater.emit('update-available', { version: '0.2.0' });
    run.updater.emit('download-progress', { percent: 50 });
    expect(run.updates.state()).toEqual({ kind: 'downloading', version: '0.2.0', percent: 50 });
    run.sending(1);
    run.updater.emit('update-downloaded', { version: '0.2.0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.asked).toEqual([{ version: '0.2.0', sending: 1 }]);
    await vi.advanceTimersByTimeAsync(2 * CHECK_INTERVAL_MS);
    expect(run.asked).toHaveLength(1);
    expect(run.updater.calls).not.toContain('quitAndInstall(true, true)');
    run.quit();
    expect(run.updater.autoInstallOnAppQuit).toBe(false);
    run.sending(0);
    run.quit();
    expect(run.updater.autoInstallOnAppQuit).toBe(true);
    run.updates.stop();
  });

  it('never restarts in the middle of a send: says so, then restarts once the send has ended', async () => {
    const run = setUp();
    run.answer('restart');
    run.sending(2);
    run.updater.emit('update-downloaded', { version: '0.2.0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.updater.calls).toEqual(['check']);
    expect(run.logged).toContain(
      'Update waits: 2 animals are being sent; the app restarts for version 0.2.0 once the send has ended',
    );
    run.sending(0);
    await vi.advanceTimersByTimeAsync(OUTBOX_RECHECK_MS);
    expect(run.updater.calls).toEqual(['check', 'quitAndInstall(true, true)']);
  });

  it('keeps going after an error and checks again on the usual rhythm', async () => {
    const run = setUp();
    run.updater.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(run.updates.state()).toEqual({ kind: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' });
    expect(run.logged).toContain('Update failed: net::ERR_INTERNET_DISCONNECTED');
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(run.updater.calls).toEqual(['check', 'check']);
    run.updates.stop();
  });
});
