import type { AppError, ServiceStatus } from '../../shared';

/** What the last finished request to one address with one key showed. */
export type Outcome = Pick<ServiceStatus, 'problem'> & { health: 'online' | 'offline' | 'service_error' };

/** Maps a request's failure to what it says about the service; undefined when it says nothing (cancelled). */
export function outcomeOfFailure(error: AppError): Outcome | undefined {
  switch (error.kind) {
    case 'cancelled':
      return undefined;
    case 'unreachable':
      return error.addressNotFound
        ? { health: 'service_error', problem: 'address_not_found' }
        : { health: 'offline', problem: 'unreachable' };
    case 'timeout':
      return { health: 'offline', problem: 'unreachable' };
    case 'unauthorized':
      return { health: 'service_error', problem: 'key_refused' };
    case 'server_error':
      return { health: 'service_error', problem: 'server_error' };
    case 'invalid_response':
      return { health: 'service_error', problem: 'invalid_response' };
    default:
      // The service answered and refused this one request (not found, invalid input, wait): it is there.
      return { health: 'online' };
  }
}

export interface HealthInputs {
  platformOnline: boolean;
  hasKey: boolean;
  requestsUnderWay: number;
  last: Outcome | undefined;
  /** The end of a Retry-After wait that holds now: nothing is sent, so nothing new is known until it ends. */
  waitUntil?: number;
}

/** The header's state for the environment in use. */
export function serviceStatus({
  platformOnline,
  hasKey,
  requestsUnderWay,
  last,
  waitUntil,
}: HealthInputs): ServiceStatus {
  if (!platformOnline) return { health: 'offline', problem: 'no_network' };
  if (!hasKey) return { health: 'no_key' };
  if (waitUntil !== undefined) return { health: 'waiting', until: waitUntil };
  if (last) return last.problem ? { health: last.health, problem: last.problem } : { health: last.health };
  return { health: requestsUnderWay > 0 ? 'connecting' : 'unchecked' };
}
