/** A keyboard-wedge scanner types each key within this many ms of the last; people do not. */
export const SCAN_KEY_GAP_MS = 50;

/**
 * Tells a barcode scan (digits, then Enter, each key hard on the last,
 * outside any text field) from a person typing. Feed it every key press;
 * it answers the scanned digits when a scan ends.
 */
export class ScanDetector {
  #digits = '';
  #lastAt = Number.NEGATIVE_INFINITY;

  feed(key: string, at: number, inTextField: boolean): string | null {
    const quick = at - this.#lastAt <= SCAN_KEY_GAP_MS;
    this.#lastAt = at;
    if (inTextField) return this.#reset();
    if (/^\d$/.test(key)) {
      this.#digits = quick ? this.#digits + key : key;
      return null;
    }
    if (key === 'Enter' && quick && this.#digits.length > 0) {
      const scanned = this.#digits;
      this.#reset();
      return scanned;
    }
    return this.#reset();
  }

  #reset(): null {
    this.#digits = '';
    return null;
  }
}
