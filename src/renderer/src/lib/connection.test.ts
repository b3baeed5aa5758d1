import { describe, expect, it } from 'vitest';
import type { ConnectivityState, ServiceStatus } from '../../../shared/views';
import { connectionLine } from './connection';

const state = (service: ServiceStatus, pending = 0, sending = false): ConnectivityState => ({
  online: service.health !== 'offline',
  pending,
  sending,
  service,
});

describe('the header line', () => {
  it('never says "Online" before the service has answered', () => {
    expect(connectionLine(state({ health: 'no_key' }))).toEqual({ text: 'No API key', tone: 'idle' });
    expect(connectionLine(state({ health: 'unchecked' }))).toEqual({ text: 'Not checked yet', tone: 'idle' });
    expect(connectionLine(state({ health: 'connecting' }))).toEqual({ text: 'Connecting…', tone: 'busy' });
    expect(connectionLine(state({ health: 'online' }))).toEqual({ text: 'Online', tone: 'ok' });
  });

  it('tells a wrong address and a refused key apart from being offline', () => {
    expect(connectionLine(state({ health: 'offline' })).text).toBe('Offline');
    expect(connectionLine(state({ health: 'service_error', problem: 'address_not_found' })).text).toBe(
      'Service error: the address was not found',
    );
    expect(connectionLine(state({ health: 'service_error', problem: 'key_refused' })).text).toBe(
      'Service error: the API key was refused',
    );
  });

  it('counts the animals waiting, in words with the right plural', () => {
    expect(connectionLine(state({ health: 'offline' }, 1)).text).toBe('Offline — 1 animal waiting to be sent');
    expect(connectionLine(state({ health: 'online' }, 3, true)).text).toBe('Online — sending 3 animals');
  });
});
