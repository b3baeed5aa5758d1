/**
 * A message said once and briefly, announced politely, never in the way: a success is shown a few seconds; a
 * failure (an add refused after its panel closed, an export not saved) stays above the successes until closed.
 * Worded as it is drawn, so a toast up while the clerk switches language switches with the screen.
 */
export interface Toast {
  id: number;
  /** The whole message, as the eye reads it (a long name wraps) and a screen reader hears it. */
  readonly text: string;
  /** A failure: up until the clerk closes it, above the successes. */
  error?: boolean | undefined;
}

/** How long a success stays: long enough to read two lines, short enough not to pile up. */
export const TOAST_MS = 6000;
export class Toasts {
  /** Every message up now, oldest first: failures until closed, successes until their time is up. */
  shown = $state.raw<Toast[]>([]);
  /** How far up from the window's foot the shown toasts reach, in px (0 with none): the grid keeps its current row above. */
  room = $state(0);
  #next = 1;
  readonly #later: (run: () => void, ms: number) => unknown;

  /** `later` is setTimeout in the app; tests pass their own clock. */
  constructor(later: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms)) {
    this.#later = later;
  }

  /** `word` words the message (with `t`, in the language of the moment); `error`: a failure, up until the clerk closes it. */
  say(word: () => string, error?: boolean): void {
    const toast: Toast = {
      id: this.#next++,
      error,
      get text() {
        return word();
      },
    };
    this.shown = [...this.shown, toast];
    if (!error) this.#later(() => this.dismiss(toast.id), TOAST_MS);
  }

  dismiss(id: number): void {
    this.shown = this.shown.filter((toast) => toast.id !== id);
  }
}

/** The app's one toast stack (a module, like the language: every screen says its successes there). */
export const toasts = new Toasts();
