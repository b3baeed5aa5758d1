/** What the smoke check needs of a window: Electron's BrowserWindow has it; tests pass a stand-in. */
export interface SmokeWindow {
  webContents: {
    once(event: 'did-finish-load', listener: () => void): unknown;
    executeJavaScript(code: string, userGesture?: boolean): Promise<unknown>;
  };
}

const ROWS_ON_SCREEN = 'document.querySelectorAll(\'table.pets[aria-busy="false"] tbody tr\').length';

/**
 * `npm start -- --smoke` (CI's newcomer job): once the first list is on
 * screen in the real window the app exits 0; if none arrives in time, 1.
 */
export function quitAfterFirstList(
  window: SmokeWindow,
  exit: (code: number) => void,
  { timeoutMs = 60_000, everyMs = 250 } = {},
): void {
  window.webContents.once('did-finish-load', () => {
    const started = Date.now();
    const check = async (): Promise<void> => {
      const rows = await window.webContents.executeJavaScript(ROWS_ON_SCREEN, true).catch(() => 0);
      if (typeof rows === 'number' && rows > 0) {
        exit(0);
        return;
      }
      if (Date.now() - started > timeoutMs) {
        exit(1);
        return;
      }
      setTimeout(() => void check(), everyMs);
    };
    void check();
  });
}
