/** A success said once and briefly: shown a few seconds, announced politely, never in the way. */
export interface Toast {
  id: number;
  /** The whole message, as a screen reader hears it. */
  text: string;
  /** What the eye reads, where it differs: the message with a long name cut short. */
  shown?: string;
}

/** How long a toast stays: long enough to read two lines, short enough not to pile up. */
export const TOAST_MS = 6000;
/** At most this many at once; a newer one pushes out the oldest. */
const MAX_SHOWN = 3;
/**
 * A name in a toast is cut after this many characters (a 200-letter name made a toast six lines tall);
 * the row, the drawer and the screen reader still have it whole.
 */
export const TOAST_NAME_MAX = 24;

/** `name` cut to `TOAST_NAME_MAX` characters (whole characters, never half a flag), with "…" where it was cut. */
export function shortName(name: string): string {
  const characters = Array.from(new Intl.Segmenter().segment(name), (part) => part.segment);
  return characters.length <= TOAST_NAME_MAX ? name : `${characters.slice(0, TOAST_NAME_MAX).join('').trimEnd()}…`;
}

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
    this.#show({ id: this.#next++, text });
  }

  /** A message about an animal or a category by name: `word` words it with the name it is given. */
  sayAbout(name: string, word: (name: string) => string): void {
    const text = word(name);
    const shown = word(shortName(name));
    this.#show({ id: this.#next++, text, ...(shown !== text && { shown }) });
  }

  dismiss(id: number): void {
    this.shown = this.shown.filter((toast) => toast.id !== id);
  }

  #show(toast: Toast): void {
    this.shown = [...this.shown, toast].slice(-MAX_SHOWN);
    this.#later(() => this.dismiss(toast.id), TOAST_MS);
  }
}

/** The app's one toast stack (a module, like the language: every screen says its successes there). */
export const toasts = new Toasts();
