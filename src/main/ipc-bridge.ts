import {
  appError,
  err,
  IPC_EVENT_NAMES,
  IPC_METHODS,
  ipcContract,
  ipcEvents,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethod,
  type IpcOutput,
  type Result,
  type Unsubscribe,
} from '../shared';

/** The slice of ipcMain the bridge needs; Electron's ipcMain satisfies it. */
export interface IpcMainLike<E> {
  handle(channel: string, listener: (event: E, input: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The slice of the core the bridge needs. */
export interface CoreLike {
  invoke<M extends IpcMethod>(method: M, rawInput: unknown): Promise<Result<IpcOutput<M>>>;
  on<N extends IpcEventName>(event: N, listener: (payload: IpcEventPayload<N>) => void): Unsubscribe;
}

/** The answer to a request that did not come from the app's own page. */
export const REFUSED_SENDER = appError('internal', 'refused_sender');

/**
 * One ipcMain.handle per method in the contract: check the sender, then let
 * the core parse the input and do the work, and hand back its Result. A
 * foreign sender never reaches the core. Returns a function that removes the
 * handlers again.
 */
export function registerIpcHandlers<E>(options: {
  ipcMain: IpcMainLike<E>;
  core: CoreLike;
  isTrustedSender: (event: E) => boolean;
  onRefused: (channel: string) => void;
}): Unsubscribe {
  const { ipcMain, core } = options;
  for (const method of IPC_METHODS) {
    const { channel } = ipcContract[method];
    ipcMain.handle(channel, async (event, input) => {
      if (!options.isTrustedSender(event)) {
        options.onRefused(channel);
        return err(REFUSED_SENDER);
      }
      return core.invoke(method, input);
    });
  }
  return () => {
    for (const method of IPC_METHODS) ipcMain.removeHandler(ipcContract[method].channel);
  };
}

/** Forwards every core event to the window on its declared channel. */
export function forwardCoreEvents(core: CoreLike, send: (channel: string, payload: unknown) => void): Unsubscribe {
  const stops = IPC_EVENT_NAMES.map((name) => core.on(name, (payload) => send(ipcEvents[name].channel, payload)));
  return () => stops.forEach((stop) => stop());
}
