import type { AppError } from '../../shared';

/**
 * Online means the platform says so and the service was not just found
 * unreachable. Real outcomes move it: any HTTP answer proves the way there
 * works; a refused connection or a timeout proves it does not.
 */
export class Connectivity {
  private platformOnline = true;
  private reachable = true;

  get online(): boolean {
    return this.platformOnline && this.reachable;
  }

  get platform(): boolean {
    return this.platformOnline;
  }

  /** Returns true when this outcome brought the app back online. */
  reportAnswered(): boolean {
    const before = this.online;
    this.reachable = true;
    return !before && this.online;
  }

  reportFailure(error: AppError): void {
    if (error.kind === 'unreachable' || error.kind === 'timeout') this.reachable = false;
  }

  /** Returns true when this signal brought the app back online. */
  setPlatform(online: boolean): boolean {
    const before = this.online;
    this.platformOnline = online;
    // The platform's "online" is a reason to try again, not proof; the next request decides.
    if (online) this.reachable = true;
    return !before && this.online;
  }
}
