import type { IpcEventName, IpcEventPayload, Unsubscribe } from '../../shared';

type Listeners = { [E in IpcEventName]: Set<(payload: IpcEventPayload<E>) => void> };

/** The core's events, each listener typed by its event. */
export class EventBus {
  private readonly listeners: Listeners = {
    onConnectivity: new Set(),
    onOutbox: new Set(),
    onSettings: new Set(),
    onNotice: new Set(),
    onCatalogue: new Set(),
  };

  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): Unsubscribe {
    const set: Listeners[E] = this.listeners[event];
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void {
    const set: Listeners[E] = this.listeners[event];
    for (const listener of set) listener(payload);
  }

  clear(): void {
    for (const set of Object.values(this.listeners)) set.clear();
  }
}
