import type { ConnectivityState, ServiceProblem } from '../../../shared/views';
import { t, type MessageId } from '../i18n/i18n.svelte';

/** The dot's colour: green answered, grey not known yet, amber under way, red not reached or answered wrongly. */
export type ConnectionTone = 'ok' | 'idle' | 'busy' | 'bad';

export interface ConnectionLine {
  text: string;
  tone: ConnectionTone;
}

const PROBLEM_TEXT: Record<ServiceProblem, MessageId> = {
  key_refused: 'connection.keyRefused',
  address_not_found: 'connection.addressNotFound',
  server_error: 'connection.serverError',
  invalid_response: 'connection.invalidResponse',
};

function healthLine({ service }: ConnectivityState): ConnectionLine {
  switch (service.health) {
    case 'no_key':
      return { text: t('connection.noKey'), tone: 'idle' };
    case 'unchecked':
      return { text: t('connection.unchecked'), tone: 'idle' };
    case 'connecting':
      return { text: t('connection.connecting'), tone: 'busy' };
    case 'online':
      return { text: t('connection.online'), tone: 'ok' };
    case 'offline':
      return { text: t('connection.offline'), tone: 'bad' };
    case 'service_error':
      return { text: t(service.problem ? PROBLEM_TEXT[service.problem] : 'connection.serviceError'), tone: 'bad' };
  }
}

/** What the header says about the environment in use and the animals waiting to be sent. */
export function connectionLine(state: ConnectivityState): ConnectionLine {
  const line = healthLine(state);
  if (state.pending === 0) return line;
  const values = { line: line.text, count: state.pending };
  return { text: t(state.sending ? 'connection.sending' : 'connection.waiting', values), tone: line.tone };
}
