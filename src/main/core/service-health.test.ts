import { describe, expect, it } from 'vitest';
import { appError } from '../../shared';
import { outcomeOfFailure, serviceStatus } from './service-health';

describe('what a failed request says about the service', () => {
  it('a wrong host name is a service error; a refused connection or a timeout is the service unreachable', () => {
    expect(outcomeOfFailure(appError('unreachable', 'address_not_found', { addressNotFound: true }))).toEqual({
      health: 'service_error',
      problem: 'address_not_found',
    });
    expect(outcomeOfFailure(appError('unreachable', 'unreachable'))).toEqual({
      health: 'offline',
      problem: 'unreachable',
    });
    expect(outcomeOfFailure(appError('timeout', 'timeout'))).toEqual({ health: 'offline', problem: 'unreachable' });
  });

  it('a refusal of one request (not found, bad input) shows the service is there', () => {
    expect(outcomeOfFailure(appError('not_found', 'not_on_service', { status: 404 }))).toEqual({ health: 'online' });
    expect(outcomeOfFailure(appError('invalid_input', 'values_refused', { status: 400 }))).toEqual({
      health: 'online',
    });
    expect(outcomeOfFailure(appError('cancelled', 'cancelled'))).toBeUndefined();
  });
});

describe('the header state', () => {
  const base = { platformOnline: true, hasKey: true, requestsUnderWay: 0, last: undefined };
  it('puts the computer having no network first, then a missing key', () => {
    expect(serviceStatus({ ...base, platformOnline: false, hasKey: false })).toEqual({
      health: 'offline',
      problem: 'no_network',
    });
    expect(serviceStatus({ ...base, hasKey: false, last: { health: 'online' } })).toEqual({ health: 'no_key' });
  });

  it('says "waiting" while a Retry-After holds, whatever the answer before it said', () => {
    expect(serviceStatus({ ...base, last: { health: 'online' }, waitUntil: 1_000 })).toEqual({
      health: 'waiting',
      until: 1_000,
    });
    expect(serviceStatus({ ...base, platformOnline: false, waitUntil: 1_000 }).health).toBe('offline');
  });

  it('is "connecting" only until the first answer', () => {
    expect(serviceStatus({ ...base, requestsUnderWay: 1 })).toEqual({ health: 'connecting' });
    expect(serviceStatus({ ...base, requestsUnderWay: 1, last: { health: 'online' } })).toEqual({ health: 'online' });
    expect(serviceStatus(base)).toEqual({ health: 'unchecked' });
  });
});
