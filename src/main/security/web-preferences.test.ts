import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from './web-preferences';

describe('the main window’s webPreferences', () => {
  it('isolates and sandboxes the renderer with no Node and web security on', () => {
    const prefs = secureWebPreferences({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('offers devtools only when asked (development)', () => {
    expect(secureWebPreferences({ preloadPath: 'p', devTools: true }).devTools).toBe(true);
  });
});
