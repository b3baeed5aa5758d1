/**
 * Main sends each kind of snapshot (settings, outbox, connectivity) both as
 * replies and as events, and the two can arrive in either order. One `Newest`
 * per kind remembers the highest revision applied and refuses an older
 * snapshot, so the screen never steps back to a state main has left (notices
 * are merged one by one, each by its own revision).
 */
export class Newest {
  #applied = -1;

  /** True when this snapshot is newer than everything applied so far (and records it). */
  accept(snapshot: { revision: number }): boolean {
    if (snapshot.revision <= this.#applied) return false;
    this.#applied = snapshot.revision;
    return true;
  }

  get applied(): number {
    return this.#applied;
  }
}
