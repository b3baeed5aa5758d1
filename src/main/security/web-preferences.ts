/**
 * The main window's webPreferences, kept pure so a test guards every flag.
 * The renderer runs sandboxed and isolated, with no Node and no way to turn
 * web security off; devtools exist only in development.
 */
export function secureWebPreferences(options: { preloadPath: string; devTools: boolean }) {
  return {
    preload: options.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  } as const;
}
