import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, OUT_DIR } from '../../build/scripts/ensure-built';
import { IPC_EVENT_NAMES, IPC_METHODS, ipcContract, ipcEvents } from '../shared/ipc-contract';
import { buildPetstoreApi, type IpcRendererLike } from './api';

/**
 * Electron's contextBridge and ipcRenderer cannot exist outside Electron, so
 * these tests stand in for them with recording fakes; everything else is the
 * real built bundle or the real builder.
 */
function fakeIpc() {
  const invoked: Array<{ channel: string; input: unknown }> = [];
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipc: IpcRendererLike = {
    invoke: (channel, input) => {
      invoked.push({ channel, input });
      return Promise.resolve({ ok: true, value: channel });
    },
    on: (channel, listener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    },
    removeListener: (channel, listener) => {
      listeners.get(channel)?.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({}, payload));
  return { ipc, invoked, emit };
}

describe('the built preload', () => {
  beforeAll(ensureBuilt);

  it('is a CommonJS script that loads in a sandbox with only require("electron")', () => {
    const code = readFileSync(resolve(OUT_DIR, 'preload/index.cjs'), 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const exposed: Record<string, unknown> = {};
    const { ipc } = fakeIpc();
    const requested: string[] = [];
    const module = { exports: {} };
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        requested.push(name);
        if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
        return {
          contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
          ipcRenderer: ipc,
        };
      },
    });
    expect(requested).toEqual(['electron']);
    expect(Object.keys(exposed)).toEqual(['petstore']);
    expect(Object.keys(exposed.petstore as object).sort()).toEqual([...IPC_METHODS, ...IPC_EVENT_NAMES].sort());
  });
});

describe('window.petstore', () => {
  it('sends each method on its own declared channel, with the input unchanged', async () => {
    const { ipc, invoked } = fakeIpc();
    const api = buildPetstoreApi(ipc);
    await api.lookupPet({ id: '9223372036854775807' });
    await api.createPet({ pet: { name: 'Rex', categoryId: '9007199254740993', status: 'sold' } });
    expect(invoked).toEqual([
      { channel: ipcContract.lookupPet.channel, input: { id: '9223372036854775807' } },
      {
        channel: ipcContract.createPet.channel,
        input: { pet: { name: 'Rex', categoryId: '9007199254740993', status: 'sold' } },
      },
    ]);
  });

  it('offers no generic invoke and cannot be changed by the page', () => {
    const api = buildPetstoreApi(fakeIpc().ipc) as unknown as Record<string, unknown>;
    expect(api.invoke).toBeUndefined();
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('delivers events until the listener unsubscribes', () => {
    const { ipc, emit } = fakeIpc();
    const api = buildPetstoreApi(ipc);
    const seen: number[] = [];
    const stop = api.onConnectivity((state) => seen.push(state.waiting));
    emit(ipcEvents.onConnectivity.channel, {
      sending: 0,
      waiting: 1,
      toCheck: 0,
      service: { health: 'online' },
    });
    stop();
    emit(ipcEvents.onConnectivity.channel, {
      sending: 0,
      waiting: 0,
      toCheck: 0,
      service: { health: 'online' },
    });
    expect(seen).toEqual([1]);
  });
});
