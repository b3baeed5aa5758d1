import { describe, expect, it } from 'vitest';
import { IPC_EVENT_NAMES, IPC_METHODS, ipcContract, ipcEvents, ok, type IpcMethod } from '../shared';
import { forwardCoreEvents, REFUSED_SENDER, registerIpcHandlers, type CoreLike } from './ipc-bridge';

/**
 * Electron's ipcMain and its events cannot exist outside Electron: a map of
 * handlers stands in for ipcMain, and a sender's trust is a plain flag. The
 * core is a stand-in that answers with what it was asked, so each test can
 * see whether a request reached it.
 */
type FakeEvent = { trusted: boolean };

function setup() {
  const handlers = new Map<string, (event: FakeEvent, input: unknown) => Promise<unknown>>();
  const listeners = new Map<string, (payload: unknown) => void>();
  const core = {
    invoke: (method: IpcMethod, input: unknown) => Promise.resolve(ok({ reachedCore: method, input })),
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  } as unknown as CoreLike;
  const refused: string[] = [];
  const stop = registerIpcHandlers<FakeEvent>({
    ipcMain: {
      handle: (channel, listener) => handlers.set(channel, listener),
      removeHandler: (c) => handlers.delete(c),
    },
    core,
    isTrustedSender: (event) => event.trusted,
    onRefused: (channel) => refused.push(channel),
  });
  const call = (method: IpcMethod, event: FakeEvent, input: unknown) => {
    const handler = handlers.get(ipcContract[method].channel);
    if (!handler) throw new Error(`no handler for ${method}`);
    return handler(event, input);
  };
  return { handlers, listeners, core, refused, stop, call };
}

describe('the IPC bridge', () => {
  it('registers exactly one handler per contract method', () => {
    const { handlers, stop } = setup();
    expect([...handlers.keys()].sort()).toEqual(IPC_METHODS.map((m) => ipcContract[m].channel).sort());
    stop();
    expect(handlers.size).toBe(0);
  });

  it('passes the app page’s request to the core and returns its Result', async () => {
    const { call } = setup();
    expect(await call('lookupPet', { trusted: true }, { id: '42' })).toEqual({
      ok: true,
      value: { reachedCore: 'lookupPet', input: { id: '42' } },
    });
  });

  it('refuses a foreign frame before the core sees anything', async () => {
    const { call, refused } = setup();
    const answer = await call('setApiKey', { trusted: false }, { environmentId: 'production', apiKey: 'stolen?' });
    expect(answer).toEqual({ ok: false, error: REFUSED_SENDER });
    expect(refused).toEqual([ipcContract.setApiKey.channel]);
  });

  it('forwards every core event to the window on its declared channel', () => {
    const { core, listeners } = setup();
    const sent: Array<[string, unknown]> = [];
    const stop = forwardCoreEvents(core, (channel, payload) => sent.push([channel, payload]));
    for (const name of IPC_EVENT_NAMES) listeners.get(name)?.({ from: name });
    expect(sent).toEqual(IPC_EVENT_NAMES.map((name) => [ipcEvents[name].channel, { from: name }]));
    stop();
    expect(listeners.size).toBe(0);
  });
});
