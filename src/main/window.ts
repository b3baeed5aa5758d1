import { BrowserWindow, screen, shell, type WebContents } from 'electron';
import type ElectronStore from 'electron-store';
import { safeExternalUrl } from './security/external-links';
import { decideNavigation, decideWindowOpen } from './security/navigation';
import { secureWebPreferences } from './security/web-preferences';
import { MIN_HEIGHT, MIN_WIDTH, restoreWindowState, windowStateToSave } from './window-state';

/**
 * Locks down any webContents (the window, devtools, anything Electron adds):
 * no navigation, no redirects, no frames navigating, no new windows, no
 * <webview>. Safe http(s) links go to the system browser instead.
 */
export function hardenWebContents(contents: WebContents, logWarning: (message: string) => void): void {
  const openOutside = (url: string | undefined) => {
    const safe = url === undefined ? undefined : safeExternalUrl(url);
    if (safe) void shell.openExternal(safe);
  };
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    logWarning(`Blocked navigation to ${event.url}`);
    openOutside(decideNavigation(event.url).openExternally);
  });
  // Covers iframes too; the main frame is already refused (and maybe opened outside) above.
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => {
    event.preventDefault();
    logWarning(`Blocked redirect to ${event.url}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logWarning('Blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(decideWindowOpen(url).openExternally);
    return { action: 'deny' };
  });
}

/** The main window, at its remembered size and place, saving them again when it closes. */
export function createMainWindow(options: {
  preloadPath: string;
  isDevelopment: boolean;
  stateStore: Pick<ElectronStore<Record<string, unknown>>, 'get' | 'set'>;
}): BrowserWindow {
  const initial = restoreWindowState(
    options.stateStore.get('window'),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...initial.bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Petstore Counter',
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences({ preloadPath: options.preloadPath, devTools: options.isDevelopment }),
  });
  if (initial.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const state = windowStateToSave(window.getNormalBounds(), window.isMaximized());
    if (state) options.stateStore.set('window', state);
  });
  return window;
}
