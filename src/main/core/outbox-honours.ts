import type { EnvironmentId } from '../../shared';

/**
 * What the app has learnt, per environment and address, about whether the
 * service honours Idempotency-Key: an echoed key proves it does; only a
 * success without the echo proves it does not (an error may come from a proxy
 * in between). Kept in the outbox file with the items.
 */
export class KeyHonours {
  constructor(
    private known: Record<string, boolean>,
    private readonly address: (environmentId: EnvironmentId) => string,
  ) {}

  honoured(environmentId: EnvironmentId): boolean {
    return this.known[this.slot(environmentId)] === true;
  }

  learn(environmentId: EnvironmentId, key: string, headers: Headers, status: number): void {
    const echoed = headers.get('idempotency-key') === key;
    if (!echoed && (status < 200 || status > 299)) return;
    this.known = { ...this.known, [this.slot(environmentId)]: echoed };
  }

  toJSON(): Record<string, boolean> {
    return this.known;
  }

  private slot(environmentId: EnvironmentId): string {
    return `${environmentId} ${this.address(environmentId)}`;
  }
}
