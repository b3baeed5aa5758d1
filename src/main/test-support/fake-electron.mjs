// A stand-in for the 'electron' module, which cannot exist outside Electron.
// It records what the shell asks of Electron so a test can check the wiring
// of the real built bundle (out/main). Everything else in the run is real.
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const state = {
  paths: {},
  privilegedSchemes: [],
  singleInstanceLockRequested: false,
  quitCalls: 0,
  exitCode: undefined,
  windows: [],
  protocolHandlers: {},
  ipcHandlers: new Map(),
  ipcListeners: new Map(),
  permissionRequestHandler: undefined,
  permissionCheckHandler: undefined,
  devicePermissionHandler: undefined,
  openedExternally: [],
  menuTemplate: undefined,
  readyAsked: false,
  sandboxEnabledBeforeReady: undefined,
  displayMediaRequestHandler: undefined,
  errorBoxes: [],
};
globalThis.__fakeElectron = state;

class FakeApp extends EventEmitter {
  isPackaged = false;
  whenReady() {
    state.readyAsked = true;
    return Promise.resolve();
  }
  enableSandbox() {
    state.sandboxEnabledBeforeReady = !state.readyAsked;
  }
  getPath(name) {
    return state.paths[name] ?? join(tmpdir(), `petstore-fake-${name}`);
  }
  setPath(name, value) {
    state.paths[name] = value;
  }
  getVersion() {
    return '0.1.0-test';
  }
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  getName() {
    return 'Petstore Counter';
  }
  requestSingleInstanceLock() {
    state.singleInstanceLockRequested = true;
    return true;
  }
  quit() {
    state.quitCalls += 1;
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    this.emit('before-quit', event);
  }
  exit(code) {
    state.exitCode = code;
  }
}
export const app = new FakeApp();

let nextId = 1;
class FakeWebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextId++;
    this.mainFrame = { url: '', parent: null };
    this.sent = [];
    this.windowOpenHandler = undefined;
  }
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  getURL() {
    return this.mainFrame.url;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents();
    this.loadedUrl = undefined;
    this.maximized = false;
    state.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url) {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return this.maximized;
  }
  maximize() {
    this.maximized = true;
  }
  getNormalBounds() {
    const { x = 0, y = 0, width, height } = this.options;
    return { x, y, width, height };
  }
  restore() {}
  focus() {}
  show() {}
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => state.privilegedSchemes.push(...schemes),
};

class FakeSession extends EventEmitter {
  setPermissionRequestHandler = (handler) => (state.permissionRequestHandler = handler);
  setPermissionCheckHandler = (handler) => (state.permissionCheckHandler = handler);
  setDevicePermissionHandler = (handler) => (state.devicePermissionHandler = handler);
  setDisplayMediaRequestHandler = (handler) => (state.displayMediaRequestHandler = handler);
  protocol = { handle: (scheme, handler) => (state.protocolHandlers[scheme] = handler) };
}
export const session = { defaultSession: new FakeSession() };

export const ipcMain = {
  handle: (channel, handler) => state.ipcHandlers.set(channel, handler),
  removeHandler: (channel) => state.ipcHandlers.delete(channel),
  on: (channel, listener) => state.ipcListeners.set(channel, listener),
  removeAllListeners: (channel) => state.ipcListeners.delete(channel),
};

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => (state.menuTemplate = menu.template),
};

export const net = {
  fetch: (input, init) => globalThis.fetch(input, init),
  isOnline: () => true,
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const shell = {
  openExternal: async (url) => {
    state.openedExternally.push(url);
  },
  openPath: async () => '',
};

// The shell only opens it when the clerk exports a list; the wiring tests never do.
export const dialog = {
  showSaveDialog: async () => ({ canceled: true, filePath: '' }),
  showMessageBox: async () => ({ response: 1, checkboxChecked: false }),
  showErrorBox: (title, content) => state.errorBoxes.push({ title, content }),
};

export default { app, BrowserWindow, dialog, protocol, session, ipcMain, Menu, net, screen, shell };
