/**
 * A message said once and briefly, announced politely, never in the way: a success is shown a few seconds; a
 * failure (an add refused after its panel closed, an export not saved) stays above the successes until closed.
 * Worded as it is drawn, so a toast up while the clerk switches language switches with the screen.
 */
export interface Toast {
  id: number;
  /** The whole message, as a screen reader hears it. */
  readonly text: string;
  /** What the eye reads, where it differs: the message with a long name cut short. */
  readonly shown?: string | undefined;
  /** A failure: up until the clerk closes it, above the successes. */
  error?: boolean | undefined;
}

/** How long a success stays: long enough to read two lines, short enough not to pile up. */
export const TOAST_MS = 6000;
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
    this.sayAbout('', word, error);
  }

  /** A message about an animal or a category by name: `word` words it with the name it is given. */
  sayAbout(name: string, word: (name: string) => string, error?: boolean): void {
    const cut = shortName(name);
    const toast: Toast = {
      id: this.#next++,
      error,
      get text() {
        return word(name);
      },
      get shown() {
        return cut === name ? undefined : word(cut);
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
