export interface QuitEvent {
  preventDefault(): void;
}

/**
 * `before-quit` handler for a clean quit: the first quit is held while the
 * core finishes an in-flight send and flushes its stores, then quits for
 * real. A close that hangs is cut off after `timeoutMs` so the app still
 * quits; a second quit request while waiting is absorbed.
 */
export function createQuitHandler(options: {
  close: () => Promise<void>;
  quit: () => void;
  onError: (error: unknown) => void;
  timeoutMs?: number;
  /** Asked first when animals wait to be sent: false keeps the app open. */
  confirmQuit?: () => Promise<boolean>;
}): (event: QuitEvent) => void {
  let state: 'running' | 'asking' | 'closing' | 'closed' = 'running';
  return (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state !== 'running') return;
    if (options.confirmQuit) {
      state = 'asking';
      void options
        .confirmQuit()
        .catch(() => true)
        .then((quit) => {
          state = 'running';
          if (quit) closeThenQuit();
        });
      return;
    }
    closeThenQuit();
  };

  function closeThenQuit(): void {
    state = 'closing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        options.onError(new Error('Closing the stores took too long; quitting anyway'));
        resolve();
      }, options.timeoutMs ?? 5_000);
    });
    // Never rejects: close() failures go to onError, and the timeout only resolves.
    void Promise.race([options.close().catch(options.onError), timeout]).finally(() => {
      clearTimeout(timer);
      state = 'closed';
      options.quit();
    });
  }
}
