/** How long the service waits on a client, in milliseconds. */
export interface Timeouts {
  /** For the whole request head to arrive. */
  headersMs: number;
  /** For the whole request, body included (64 KiB at most). */
  requestMs: number;
  /** A socket with nothing moving on it at all. */
  idleSocketMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** How often Node looks for requests past headersMs or requestMs (its default is 30 s). */
  checkEveryMs: number;
}

export const TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleSocketMs: 60_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};
