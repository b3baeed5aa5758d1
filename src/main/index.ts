import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, session, type IpcMainInvokeEvent } from 'electron';
import log from 'electron-log/main';
import ElectronStore from 'electron-store';
import keytar from 'keytar';
import { createCore, loadEnvironmentDefaults, lockDataFolder, readPolicy, type Core, type DataLock } from './core';
import { describeError, describeNotice, matchLanguage } from '../shared';
import { ShellLanguage, shellText } from './shell-text/shell-text';
import { forwardCoreEvents, registerIpcHandlers } from './ipc-bridge';
import { useDemoService } from './core/demo-setup';
import { moveAside } from './core/json-store';
import { redactText } from './core/redaction';
import { readLaunchOptions, type LaunchOptions } from './launch-options';
import { createRedactionHook } from './log-redaction';
import { buildMenuTemplate } from './menu';
import { createQuitHandler } from './quit';
import { quitAfterFirstList } from './smoke';
import { saveWithDialog } from './save-dialog';
import {
  confirmKeyOrigin,
  confirmQuitWithUnsent,
  confirmRestartForUpdate,
  showDataFolderInUse,
  showStartFailed,
} from './clerk-dialogs';
import { electronAutoUpdater, followSending, startUpdates } from './updater';
import { feedFor } from './updates/feed-guard';
import {
  denyDevicePermission,
  denyDisplayMedia,
  denyPermissionCheck,
  denyPermissionRequest,
} from './security/navigation';
import { isTrustedSender } from './security/sender';
import { serveAppRequest } from './security/serve-app';
import { APP_ENTRY_URL, APP_SCHEME } from './security/trusted-url';
import { createMainWindow, hardenWebContents } from './window';
import { machinePolicySource } from './machine-policy';
import { bindRegGetValue } from './windows-registry';

// Every renderer sandboxed, whatever its webPreferences say (must come before ready).
app.enableSandbox();

const launch = readLaunchOptions(process.env, app.isPackaged);

// electron-store answers this channel with the data folder to any frame; nothing here uses it from a renderer.
const ELECTRON_STORE_CHANNEL = 'electron-store-get-data';

function openStore(options: { cwd?: string; name: string }): ElectronStore {
  const store = new ElectronStore(options);
  ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL);
  return store;
}

/**
 * The window's remembered size and place: a file that cannot be read (electron-store throws) is kept aside and the
 * window opens at its default size — never a reason for the app not to start.
 */
function openWindowStateStore(): ElectronStore {
  try {
    return openStore({ name: 'window-state' });
  } catch (error) {
    const file = join(app.getPath('userData'), 'window-state.json');
    log.warn(`Could not read ${file}; the window opens at its default size:`, error);
    if (existsSync(file)) log.warn(`The old window state was kept as ${moveAside(file, Date.now())}`);
    return openStore({ name: 'window-state' });
  }
}
let mainWindow: BrowserWindow | undefined;
let runningCore: Core | undefined;

// Every build: whatever reaches electron-log directly loses the stored keys (and the demo key) first.
log.hooks.push(
  createRedactionHook(() => [
    ...(runningCore?.knownSecrets() ?? []),
    ...(launch.demo?.apiKey ? [launch.demo.apiKey] : []),
  ]),
);

// A standard, secure scheme gives the page a real origin (app://petstore) for the CSP and the sender check. V8's code
// cache (standard schemes only) spares each later start compiling the app's script again on the way to the first rows.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);
if (launch.userDataDir) app.setPath('userData', launch.userDataDir);

function isFromOwnPage(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return isTrustedSender({
    frameUrl: frame?.url,
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
    fromMainWindow: mainWindow !== undefined && !mainWindow.isDestroyed() && event.sender === mainWindow.webContents,
    ...(launch.devServerUrl && { devServerUrl: launch.devServerUrl }),
  });
}

function lockDownSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler(denyPermissionRequest);
  ses.setPermissionCheckHandler(denyPermissionCheck);
  ses.setDevicePermissionHandler(denyDevicePermission);
  ses.setDisplayMediaRequestHandler(denyDisplayMedia);
  ses.on('will-download', (event, item) => {
    event.preventDefault();
    log.warn(`Refused a download of ${item.getFilename()}`);
  });
  ses.protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, join(import.meta.dirname, '../renderer')));
}

/** The shop's service addresses shipped in resources/; a broken file falls back to the built-in ones, loudly. */
function readEnvironmentDefaults(): ReturnType<typeof loadEnvironmentDefaults> | undefined {
  // Beside out/ both in a checkout and inside app.asar, however Electron was pointed at the app.
  const file = join(import.meta.dirname, '../../resources/environments.json');
  try {
    return loadEnvironmentDefaults(file);
  } catch (error) {
    log.error(`Could not read ${file}; using the built-in service addresses:`, error);
    return undefined;
  }
}

function setMenu(language: ShellLanguage): void {
  const text = language.text();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({ isMac: process.platform === 'darwin', isDevelopment: launch.isDevelopment, text }),
    ),
  );
}

/**
 * The core, its data folder's lock, and the language of the shell's own words: the page's once it says, before
 * that the policy's or the system's. Undefined when another copy holds the data folder (the clerk was told).
 */
async function startCore(
  options: LaunchOptions,
): Promise<{ core: Core; lock: DataLock; shellLanguage: ShellLanguage } | undefined> {
  // IT's machine-wide policy, from where no environment variable can point: none is no policy; a broken one
  // applies its safe side and becomes a notice inside the core.
  const source = machinePolicySource(process.platform, {
    readFile: (file) => readFile(file, 'utf8'),
    regGetValue: bindRegGetValue,
  });
  const policy = await readPolicy(source.path, source.readText);
  if (policy.notice) log.warn(describeNotice(policy.notice));
  const shellLanguage = new ShellLanguage(policy.policy?.language ?? matchLanguage(app.getPreferredSystemLanguages()));
  const dataDir = app.getPath('userData');
  const claim = await lockDataFolder(dataDir, 'Petstore Counter');
  if (!claim.ok) {
    log.warn(`The data folder ${dataDir} is in use by ${claim.holder.by} (process ${claim.holder.pid})`);
    showDataFolderInUse(dialog, shellLanguage.text(), dataDir, claim.holder.pid);
    return undefined;
  }
  setMenu(shellLanguage);
  const core = await createCore({
    dataDir,
    fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    secrets: keytar,
    logger: log,
    appVersion: app.getVersion(),
    openJsonStore: ({ cwd, name }) => openStore({ cwd, name }),
    environmentDefaults: readEnvironmentDefaults(),
    saveFile: (suggestedName, contents) =>
      saveWithDialog(dialog, mainWindow, shellLanguage.text(), suggestedName, contents),
    confirmKeyOrigin: (environmentId, from, to) =>
      confirmKeyOrigin(dialog, mainWindow, shellLanguage.text(), environmentId, from, to),
    onLanguage: (language) => {
      if (shellLanguage.report(language)) setMenu(shellLanguage);
    },
    policy,
    ...(options.keychainService && { keychainService: options.keychainService }),
  });
  if (options.demo) {
    const settings = await useDemoService(core, options.demo);
    if (!settings.ok) log.warn('Could not set up the demo service:', describeError(settings.error));
  }
  return { core, lock: claim.lock, shellLanguage };
}

/** Electron's own online signal, polled because main has no online/offline event. */
function watchConnectivity(core: Core): () => void {
  let online = net.isOnline();
  core.setPlatformOnline(online);
  const timer = setInterval(() => {
    if (net.isOnline() === online) return;
    online = !online;
    core.setPlatformOnline(online);
  }, 3_000);
  return () => clearInterval(timer);
}

function openMainWindow(stateStore: ElectronStore): BrowserWindow {
  const window = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    isDevelopment: launch.isDevelopment,
    stateStore,
  });
  void window.loadURL(launch.devServerUrl ?? APP_ENTRY_URL);
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  return window;
}

async function main(): Promise<void> {
  await app.whenReady();
  lockDownSession();
  const started = await startCore(launch);
  if (!started) {
    app.exit(1);
    return;
  }
  const { core, lock, shellLanguage } = started;
  runningCore = core;
  registerIpcHandlers({
    ipcMain,
    core,
    isTrustedSender: isFromOwnPage,
    onRefused: (channel) => log.warn(`Refused IPC on ${channel} from a frame that is not the app's own page`),
  });
  forwardCoreEvents(core, (channel, payload) => mainWindow?.webContents.send(channel, payload));
  const stopWatching = watchConnectivity(core);
  app.on(
    'before-quit',
    createQuitHandler({
      close: async () => {
        stopWatching();
        await core.close();
        await lock.release();
      },
      quit: () => app.quit(),
      onError: (error) => log.error('While quitting:', error),
      confirmQuit: () => confirmQuitWithUnsent(dialog, mainWindow, shellLanguage.text(), core.unsentAnimals()),
    }),
  );

  // IT can turn updates off in the machine policy; a policy that cannot be read keeps them off. Only an
  // animal being sent holds an update back.
  const settings = await core.invoke('getSettings', {});
  startUpdates({
    updatesEnabled: settings.ok && settings.value.policy.updatesEnabled,
    updater: () => electronAutoUpdater(log, feedFor(__UPDATE_FEED__, process.platform, process.arch)),
    packaged: app.isPackaged,
    animalsBeingSent: await followSending(core),
    askToRestart: (version, sending) =>
      confirmRestartForUpdate(dialog, mainWindow, shellLanguage.text(), version, sending),
    onWillQuit: (listener) => app.on('will-quit', listener),
    log,
  });

  const stateStore = openWindowStateStore();
  mainWindow = openMainWindow(stateStore);
  if (launch.smoke) {
    quitAfterFirstList(mainWindow, (code) => {
      app.exit(code);
    });
  }
  app.on('activate', () => {
    mainWindow ??= openMainWindow(stateStore);
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, (message) => log.warn(message)));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  main().catch((error: unknown) => {
    log.error('Petstore Counter could not start:', error);
    const problem = redactText(error instanceof Error ? error.message : String(error), runningCore?.knownSecrets());
    const text = shellText(matchLanguage(app.getPreferredSystemLanguages()));
    showStartFailed(dialog, text, app.getPath('userData'), problem);
    app.exit(1);
  });
}
