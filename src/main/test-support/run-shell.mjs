// Loads the built shell (out/main/index.js) with the fake Electron in place
// of the real one, lets it start, and prints what it did as JSON.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';

const here = import.meta.dirname;
const replaced = {
  electron: pathToFileURL(resolve(here, 'fake-electron.mjs')).href,
  'electron-log/main': pathToFileURL(resolve(here, 'fake-electron-log.mjs')).href,
};
registerHooks({
  resolve(specifier, context, nextResolve) {
    const url = replaced[specifier];
    return url ? { url, shortCircuit: true } : nextResolve(specifier, context);
  },
});

await import(pathToFileURL(process.argv[2]).href);
const fake = globalThis.__fakeElectron;
for (let waited = 0; fake.windows.length === 0 && fake.exitCode === undefined && waited < 10_000; waited += 20) {
  await new Promise((done) => setTimeout(done, 20));
}
// Refused at start: what the clerk was told, and no window.
if (fake.exitCode !== undefined) {
  console.log(JSON.stringify({ exitCode: fake.exitCode, errorBoxes: fake.errorBoxes, windows: fake.windows.length }));
  process.exit(0);
}
const [window] = fake.windows;
if (!window) throw new Error('the shell opened no window');

const contents = window.webContents;
const trustedEvent = { sender: contents, senderFrame: contents.mainFrame };
const iframeEvent = { sender: contents, senderFrame: { url: 'app://petstore/index.html', parent: contents.mainFrame } };
const foreignEvent = { sender: contents, senderFrame: { url: 'https://evil.example/', parent: null } };
contents.mainFrame.url = window.loadedUrl;
const foreignMain = { ...foreignEvent, senderFrame: contents.mainFrame };

const invoke = (channel, event, input) => fake.ipcHandlers.get(channel)(event, input);
const page = await fake.protocolHandlers.app({ url: 'app://petstore/index.html', method: 'GET' });
const escape = await fake.protocolHandlers.app({ url: 'app://petstore/..%2f..%2fpackage.json', method: 'GET' });

const prevented = (fields) => {
  const event = { defaultPrevented: false, ...fields };
  event.preventDefault = () => (event.defaultPrevented = true);
  return event;
};
// Links open outside only right after the OS delivered a click (input-event cannot come from the page).
contents.emit('input-event', {}, { type: 'mouseUp' });
const navigation = prevented({ url: 'https://example.com/help' });
contents.emit('will-navigate', navigation);
contents.emit('input-event', {}, { type: 'mouseUp' });
contents.emit('will-navigate', prevented({ url: 'https://192.168.1.1/' }));
contents.emit('input-event', {}, { type: 'keyDown' });
contents.emit('will-navigate', prevented({ url: 'http://example.com/plain' }));
const redirect = { defaultPrevented: false, url: 'https://evil.example/' };
redirect.preventDefault = () => (redirect.defaultPrevented = true);
contents.emit('will-redirect', redirect);
const webview = { defaultPrevented: false };
webview.preventDefault = () => (webview.defaultPrevented = true);
contents.emit('will-attach-webview', webview);
const windowOpen = [
  contents.windowOpenHandler({ url: 'https://example.com/docs' }),
  contents.windowOpenHandler({ url: 'file:///etc/passwd' }),
];
const permissionAnswers = [];
fake.permissionRequestHandler(contents, 'media', (granted) => permissionAnswers.push(granted));
const displayMediaAnswers = [];
fake.displayMediaRequestHandler({ frame: contents.mainFrame }, (streams) => displayMediaAnswers.push(streams));
const { session } = await import('electron');
const download = prevented({});
session.defaultSession.emit('will-download', download, { getFilename: () => 'invoice.exe' }, contents);

const statusFromPage = await invoke('app:status', trustedEvent, {});
const settingsFromPage = await invoke('settings:get', trustedEvent, {});
const fromIframe = await invoke('app:status', iframeEvent, {});
const fromForeignPage = await invoke('settings:get', foreignEvent, {});
contents.mainFrame.url = 'https://evil.example/';
const afterNavigatingAway = await invoke('settings:get', foreignMain, {});
contents.mainFrame.url = window.loadedUrl;
const badInput = await invoke('pets:lookup', trustedEvent, { id: 'not-a-number' });

// The page says it speaks German: the shell's own menu follows.
const menuLabelsAtStart = fake.menuTemplate.map((item) => item.role ?? item.label);
const languageSet = await invoke('app:language', trustedEvent, { language: 'de' });

// A key the clerk saves (not the demo key) is known to the electron-log hook at once.
const canary = 'canary-Key_93f1c0a7d2';
const savedKey = await invoke('keys:set', trustedEvent, { environmentId: 'staging', apiKey: canary });
const { default: log } = await import('electron-log/main');
log.warn('third-party module dump', canary, Buffer.from(`key=${canary}`), new Error(`failed`, { cause: btoa(canary) }));
log.warn(`GET https://svc.example/v1?q=${encodeURIComponent(canary)}`);

// While it runs, the data folder's lock names this process.
const dataLock = {
  holder: JSON.parse(readFileSync(join(fake.paths.userData, 'core.lock'), 'utf8')).pid,
  self: process.pid,
};

const { app } = await import('electron');
window.emit('close');
app.quit();
for (let waited = 0; fake.quitCalls < 2 && waited < 10_000; waited += 20) {
  await new Promise((done) => setTimeout(done, 20));
}

console.log(
  JSON.stringify({
    privilegedSchemes: fake.privilegedSchemes,
    singleInstanceLockRequested: fake.singleInstanceLockRequested,
    userData: fake.paths.userData,
    webPreferences: window.options.webPreferences,
    loadedUrl: window.loadedUrl,
    channels: [...fake.ipcHandlers.keys()],
    page: { status: page.status, csp: page.headers.get('content-security-policy'), body: await page.text() },
    escapeStatus: escape.status,
    navigationPrevented: navigation.defaultPrevented,
    redirectPrevented: redirect.defaultPrevented,
    webviewPrevented: webview.defaultPrevented,
    windowOpen,
    openedExternally: fake.openedExternally,
    permissionAnswers,
    permissionCheck: fake.permissionCheckHandler(),
    devicePermission: fake.devicePermissionHandler({ deviceType: 'usb' }),
    displayMediaAnswers,
    downloadPrevented: download.defaultPrevented,
    sandboxEnabledBeforeReady: fake.sandboxEnabledBeforeReady,
    ipcListeners: [...fake.ipcListeners.keys()],
    savedKey,
    canary,
    statusFromPage,
    settingsFromPage,
    fromIframe,
    fromForeignPage,
    afterNavigatingAway,
    badInput,
    quitCalls: fake.quitCalls,
    dataLock,
    menuLabelsAtStart,
    languageSet,
    menuLabels: fake.menuTemplate.map((item) => item.role ?? item.label),
    // As a file transport would write them: errors with stack and cause, Buffers as they print.
    logged: globalThis.__fakeLog.map(({ level, data }) => ({
      level,
      data: data.map((item) => (typeof item === 'string' ? item : inspect(item))),
    })),
  }),
);
process.exit(0);
