import { IPC_EVENT_NAMES, IPC_METHODS, ipcContract, ipcEvents, type PetstoreApi } from '../shared/ipc-contract';

/** The two ipcRenderer calls the API needs; passed in so the builder can be tested without Electron. */
export interface IpcRendererLike {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

/**
 * Builds `window.petstore`: one function per declared channel and one
 * subscribe function per event — never a generic invoke, so the renderer can
 * reach nothing the contract does not name.
 */
export function buildPetstoreApi(ipc: IpcRendererLike): PetstoreApi {
  const api: Record<string, unknown> = {};
  for (const method of IPC_METHODS) {
    const { channel } = ipcContract[method];
    api[method] = (input: unknown) => ipc.invoke(channel, input);
  }
  for (const name of IPC_EVENT_NAMES) {
    const { channel } = ipcEvents[name];
    api[name] = (listener: (payload: unknown) => void) => {
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipc.on(channel, wrapped);
      return () => ipc.removeListener(channel, wrapped);
    };
  }
  return Object.freeze(api) as PetstoreApi;
}
