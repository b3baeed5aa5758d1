/** A success said once and briefly: shown a few seconds, announced politely, never in the way. */
export interface Toast {
  id: number;
  text: string;
}

/** How long a toast stays: long enough to read two lines, short enough not to pile up. */
export const TOAST_MS = 6000;
/** At most this many at once; a newer one pushes out the oldest. */
const MAX_SHOWN = 3;

export class Toasts {
  shown = $state.raw<Toast[]>([]);
  /** How far up from the window's foot the shown toasts reach, in px (0 with none): the grid keeps its current row above. */
  room = $state(0);
  #next = 1;
  readonly #later: (run: () => void, ms: number) => void;

  /** `later` is setTimeout in the app; tests pass their own clock. */
  constructor(later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms)) {
    this.#later = later;
  }

  say(text: string): void {
    const toast = { id: this.#next++, text };
    this.shown = [...this.shown, toast].slice(-MAX_SHOWN);
    this.#later(() => this.dismiss(toast.id), TOAST_MS);
  }

  dismiss(id: number): void {
    this.shown = this.shown.filter((toast) => toast.id !== id);
  }
}

/** The app's one toast stack (a module, like the language: every screen says its successes there). */
export const toasts = new Toasts();
