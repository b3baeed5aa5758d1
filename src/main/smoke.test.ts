import { describe, expect, it } from 'vitest';
import { quitAfterFirstList, type SmokeWindow } from './smoke';

// Electron's BrowserWindow cannot exist here: a stand-in window whose page shows rows after a few checks.
function standInWindow(rowsAfterChecks: number | null): { window: SmokeWindow; load: () => void } {
  let loaded: (() => void) | undefined;
  let checks = 0;
  return {
    window: {
      webContents: {
        once: (_event, listener) => (loaded = listener),
        executeJavaScript: () => {
          checks += 1;
          return Promise.resolve(rowsAfterChecks !== null && checks >= rowsAfterChecks ? 20 : 0);
        },
      },
    },
    load: () => loaded?.(),
  };
}

const exited = (window: SmokeWindow, load: () => void, timeoutMs: number) =>
  new Promise<number>((resolve) => {
    quitAfterFirstList(window, resolve, { timeoutMs, everyMs: 5 });
    load();
  });

describe('the smoke switch', () => {
  it('exits 0 once the first list is on screen', async () => {
    const { window, load } = standInWindow(3);
    expect(await exited(window, load, 5_000)).toBe(0);
  });

  it('exits 1 when no list arrives in time', async () => {
    const { window, load } = standInWindow(null);
    expect(await exited(window, load, 50)).toBe(1);
  });
});
