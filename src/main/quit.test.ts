import { describe, expect, it } from 'vitest';
import { createQuitHandler } from './quit';

/** Electron's before-quit event cannot exist here; this stand-in records preventDefault. */
function quitEvent() {
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
}

describe('a clean quit', () => {
  it('holds the quit until the stores are flushed, then quits once', async () => {
    const order: string[] = [];
    let quit!: () => void;
    const quitted = new Promise<void>((resolve) => (quit = resolve));
    const onBeforeQuit = createQuitHandler({
      close: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('flushed');
      },
      quit: () => {
        order.push('quit');
        quit();
      },
      onError: () => order.push('error'),
    });
    const first = quitEvent();
    onBeforeQuit(first);
    const impatient = quitEvent();
    onBeforeQuit(impatient);
    await quitted;
    const final = quitEvent();
    onBeforeQuit(final);
    expect(first.prevented && impatient.prevented).toBe(true);
    expect(final.prevented).toBe(false);
    expect(order).toEqual(['flushed', 'quit']);
  });

  it('still quits when flushing fails or hangs', async () => {
    const errors: unknown[] = [];
    for (const close of [() => Promise.reject(new Error('disk full')), () => new Promise<void>(() => {})]) {
      await new Promise<void>((resolve) => {
        createQuitHandler({ close, quit: resolve, onError: (error) => errors.push(error), timeoutMs: 50 })(quitEvent());
      });
    }
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'disk full',
      'Closing the stores took too long; quitting anyway',
    ]);
  });
});

describe('quitting with animals still waiting to be sent', () => {
  it('asks first: "keep the app open" keeps it running with nothing closed; "quit anyway" closes and quits', async () => {
    const order: string[] = [];
    let answer = false;
    let quit!: () => void;
    const quitted = new Promise<void>((resolve) => (quit = resolve));
    const onBeforeQuit = createQuitHandler({
      close: () => {
        order.push('closed');
        return Promise.resolve();
      },
      quit: () => {
        order.push('quit');
        quit();
      },
      onError: () => order.push('error'),
      confirmQuit: () => {
        order.push('asked');
        return Promise.resolve(answer);
      },
    });
    onBeforeQuit(quitEvent());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['asked']);

    answer = true;
    onBeforeQuit(quitEvent());
    await quitted;
    expect(order).toEqual(['asked', 'asked', 'closed', 'quit']);
  });
});
