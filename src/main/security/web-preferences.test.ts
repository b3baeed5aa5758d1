import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from './web-preferences';

// Each preference with the attack it stops; a flag dropped or flipped fails here.
const HARDENED = {
  contextIsolation: [true, 'a page script reaching the preload’s objects'],
  sandbox: [true, 'a renderer bug becoming code running with the user’s rights'],
  nodeIntegration: [false, 'an injected script calling require("child_process")'],
  nodeIntegrationInWorker: [false, 'a Web Worker with Node'],
  nodeIntegrationInSubFrames: [false, 'an iframe with Node'],
  webSecurity: [true, 'cross-origin reads of any web site'],
  allowRunningInsecureContent: [false, 'http scripts inside the app page'],
  experimentalFeatures: [false, 'unfinished Blink features and their bugs'],
  webviewTag: [false, 'a <webview> with its own, weaker preferences'],
  navigateOnDragDrop: [false, 'a dropped file or link replacing the app page'],
  safeDialogs: [true, 'a page locking the counter with endless alert() dialogs'],
  spellcheck: [false, 'typed text (an API key) sent to a spelling service'],
} as const;

describe('the main window’s webPreferences', () => {
  const prefs: Record<string, unknown> = secureWebPreferences({
    preloadPath: '/app/out/preload/index.cjs',
    devTools: false,
  });

  it.each(Object.entries(HARDENED))('sets %s, stopping %s', (name, [value]) => {
    expect(prefs[name]).toBe(value);
  });

  it('uses the built preload and sets nothing beyond the hardened list', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(Object.keys(prefs).sort()).toEqual([...Object.keys(HARDENED), 'preload', 'devTools'].sort());
  });

  it('offers devtools only when asked (development)', () => {
    expect(prefs.devTools).toBe(false);
    expect(secureWebPreferences({ preloadPath: 'p', devTools: true }).devTools).toBe(true);
  });
});
