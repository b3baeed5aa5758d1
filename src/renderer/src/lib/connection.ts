import type { ConnectivityState, ServiceProblem } from '../../../shared/views';
import { plural } from './format';

/** The dot's colour: green answered, grey not known yet, amber under way, red not reached or answered wrongly. */
export type ConnectionTone = 'ok' | 'idle' | 'busy' | 'bad';

export interface ConnectionLine {
  text: string;
  tone: ConnectionTone;
}

const PROBLEM_TEXT: Record<ServiceProblem, string> = {
  key_refused: 'Service error: the API key was refused',
  address_not_found: 'Service error: the address was not found',
  server_error: 'Service error: the service failed',
  invalid_response: 'Service error: an unexpected answer',
};

function healthLine({ service }: ConnectivityState): ConnectionLine {
  switch (service.health) {
    case 'no_key':
      return { text: 'No API key', tone: 'idle' };
    case 'unchecked':
      return { text: 'Not checked yet', tone: 'idle' };
    case 'connecting':
      return { text: 'Connecting…', tone: 'busy' };
    case 'online':
      return { text: 'Online', tone: 'ok' };
    case 'offline':
      return { text: 'Offline', tone: 'bad' };
    case 'service_error':
      return { text: service.problem ? PROBLEM_TEXT[service.problem] : 'Service error', tone: 'bad' };
  }
}

/** What the header says about the environment in use and the animals waiting to be sent. */
export function connectionLine(state: ConnectivityState): ConnectionLine {
  const line = healthLine(state);
  if (state.pending === 0) return line;
  const animals = plural(state.pending, 'animal');
  if (state.sending) return { text: `${line.text} — sending ${animals}`, tone: line.tone };
  return { text: `${line.text} — ${animals} waiting to be sent`, tone: line.tone };
}
