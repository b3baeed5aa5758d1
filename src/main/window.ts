import { BrowserWindow, screen, shell, type WebContents } from 'electron';
import type ElectronStore from 'electron-store';
import { createGestureGate } from './security/external-links';
import { decideNavigation, decideWindowOpen, type LinkDecision } from './security/navigation';
import { secureWebPreferences } from './security/web-preferences';
import { MIN_HEIGHT, MIN_WIDTH, restoreWindowState, windowStateToSave } from './window-state';

/**
 * Locks down any webContents (the window, devtools, anything Electron adds):
 * no navigation, no redirects, no frames navigating, no new windows, no
 * <webview>. A public https link the clerk just clicked goes to the system
 * browser instead; nothing opens outside without a click or key press.
 */
export function hardenWebContents(contents: WebContents, logWarning: (message: string) => void): void {
  const gesture = createGestureGate();
  contents.on('input-event', (_event, input) => gesture.noteInput(input.type));
  // One click or key press allows one attempt, whether or not its link is safe.
  const openOutside = ({ openExternally }: LinkDecision) => {
    const clicked = gesture.consume();
    if (openExternally && clicked) void shell.openExternal(openExternally);
    else if (openExternally) logWarning(`Did not open ${openExternally}: no click or key press asked for it`);
  };
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    logWarning(`Blocked navigation to ${event.url}`);
    openOutside(decideNavigation(event.url));
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
    openOutside(decideWindowOpen(url));
    return { action: 'deny' };
  });
}

/** The main window, at its remembered size and place, saving them again when it closes. */
export function createMainWindow(options: {
  preloadPath: string;
  isDevelopment: boolean;
  stateStore: Pick<ElectronStore, 'get' | 'set'>;
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
