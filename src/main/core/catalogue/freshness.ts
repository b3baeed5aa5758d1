/** How often the app looks, while it is open. */
export interface FreshnessTimings {
  /** The header's light check while the window has the clerk's focus (default 5 s: a change shows within 10 s). */
  checkEveryMs: number;
  /** Unfocused, the check's wait doubles (from twice checkEveryMs) up to this (default 60 s). */
  idleCheckMaxMs: number;
  /** The catalogue's background sync (default 3 minutes). */
  syncEveryMs: number;
  /** A focus within this long of the last sync does not sync again (default 15 s). */
  focusSyncAfterMs: number;
  /**
   * A read of the whole list begun within this long before an add stands for the shop as it leaves (default 3 s), else
   * the add waits for a sync: its `known`, the animals of its name its check never offers, is what the service listed.
   * An animal another counter adds within this before it, of its name and category, is offered at its check.
   */
  listedForMs: number;
}

export const DEFAULT_FRESHNESS: FreshnessTimings = {
  checkEveryMs: 5_000,
  idleCheckMaxMs: 60_000,
  syncEveryMs: 180_000,
  focusSyncAfterMs: 15_000,
  listedForMs: 3_000,
};

interface FreshnessOptions {
  timings: FreshnessTimings;
  now: () => number;
  /** The light check of the environment in use (it sends nothing without a key); `signal` aborts its request. */
  check: (signal: AbortSignal) => Promise<void>;
  /** Syncs the catalogue of the environment in use. */
  sync: () => Promise<void>;
}

/**
 * When the app looks at the service by itself: a sync at start, on focus and every few minutes;
 * the header's light check every few seconds while the window has the clerk's focus, backing off
 * (doubling, up to a minute) while it has not, and at once when focus comes back. Idle is decided
 * by focus alone: a clerk at the counter has the app in front.
 */
export class Freshness {
  private focused = true;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  private checkWaitMs: number;
  private lastSyncAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** Aborts a check under way on stop: a service that never answers must not hold the app's closing. */
  private readonly stopping = new AbortController();
  private checking: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;

  constructor(private readonly options: FreshnessOptions) {
    this.checkWaitMs = options.timings.checkEveryMs;
  }

  start(): void {
    void this.syncNow();
    this.scheduleCheck();
  }

  setFocused(focused: boolean): void {
    if (focused === this.focused) return;
    this.focused = focused;
    this.checkWaitMs = this.options.timings.checkEveryMs;
    if (this.stopped) return;
    if (!focused) {
      if (!this.checking) this.scheduleCheck();
      return;
    }
    this.checkNow();
    // A last sync "in the future" means the clock was set back since: it is no reason to wait.
    const since = this.options.now() - this.lastSyncAt;
    if (since < 0 || since >= this.options.timings.focusSyncAfterMs) void this.syncNow();
  }

  /** Syncs now (start, focus, Refresh, after an add) and restarts the periodic wait. */
  syncNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    clearTimeout(this.syncTimer);
    this.lastSyncAt = this.options.now();
    const run = this.options.sync().finally(() => {
      if (this.syncing === run) this.syncing = undefined;
      this.scheduleSync();
    });
    this.syncing = run;
    return run;
  }

  /**
   * The service is there again: the copy catches up, unless a sync begun here is under way (it serves). With `recent`,
   * also unless one began within focusSyncAfterMs: the header's every check must not sync a copy its sync keeps failing.
   */
  catchUp(recent = false): void {
    if (this.stopped || this.syncing) return;
    const since = this.options.now() - this.lastSyncAt;
    if (recent && since >= 0 && since < this.options.timings.focusSyncAfterMs) return;
    void this.syncNow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.checkTimer);
    clearTimeout(this.syncTimer);
    this.stopping.abort();
    await Promise.all([this.checking, this.syncing]);
  }

  private scheduleSync(): void {
    clearTimeout(this.syncTimer);
    if (this.stopped) return;
    this.syncTimer = setTimeout(() => void this.syncNow(), this.options.timings.syncEveryMs);
  }

  private checkNow(): void {
    clearTimeout(this.checkTimer);
    if (this.stopped || this.checking) return;
    const startedAt = performance.now();
    this.checking = this.options.check(this.stopping.signal).finally(() => {
      this.checking = undefined;
      this.scheduleCheck(startedAt);
    });
  }

  /** The next check, due a wait after `from` (monotonic): after a check, its start. */
  private scheduleCheck(from = performance.now()): void {
    clearTimeout(this.checkTimer);
    if (this.stopped) return;
    const { checkEveryMs, idleCheckMaxMs } = this.options.timings;
    if (!this.focused) this.checkWaitMs = Math.min(this.checkWaitMs * 2, idleCheckMaxMs);
    // Counted from the last check's start: a slow service's answers stay an interval apart, not an interval plus its
    // answer's time (a 4.5 s answer and 5 s more would be a silence the header takes for a frozen service).
    const waitMs = this.focused ? checkEveryMs : this.checkWaitMs;
    this.checkTimer = setTimeout(() => this.checkNow(), Math.max(0, from + waitMs - performance.now()));
  }
}
