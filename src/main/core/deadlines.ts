interface Pending {
  at: number;
  expire: () => void;
}

/**
 * Runs each callback once its deadline passes unless released first, with a
 * single timer for all of them. Arming and clearing a timer per request costs
 * the list's hot path about 10 µs of event-loop work; here a request that
 * ends in time only leaves a set. The timer is unref'd: an in-flight request
 * keeps the process alive by itself, and an idle app should not wait on it.
 */
export class Deadlines {
  private readonly pending = new Set<Pending>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedAt = Infinity;

  constructor(private readonly clock: () => number = performance.now.bind(performance)) {}

  /** Calls `expire` after `ms` unless the returned release is called first. */
  add(ms: number, expire: () => void): () => void {
    const entry: Pending = { at: this.clock() + ms, expire };
    this.pending.add(entry);
    if (entry.at < this.armedAt) this.arm(entry.at);
    return () => this.pending.delete(entry);
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - this.clock()));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    const time = this.clock();
    let next = Infinity;
    for (const entry of this.pending) {
      if (entry.at <= time) {
        this.pending.delete(entry);
        entry.expire();
      } else {
        next = Math.min(next, entry.at);
      }
    }
    if (next < Infinity) this.arm(next);
  }
}
