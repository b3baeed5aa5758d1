import type { ConnectivityState, ServiceProblem, ServiceStatus } from '../../../shared/views';
import { t, type MessageId } from '../i18n/i18n.svelte';

/** The dot's colour: green answered, grey not known yet, amber under way, red not reached or answered wrongly. */
export type ConnectionTone = 'ok' | 'idle' | 'busy' | 'bad';

/** What the app bar's sync badge says: a few words that never wrap, and the whole state for its tooltip and drawer. */
export interface SyncBadge {
  /** "Online", "2 waiting", "Service unreachable". */
  text: string;
  /** "Service error: the API key was refused — 2 animals waiting to be sent". */
  detail: string;
  tone: ConnectionTone;
}

/** Per problem: the badge's words, then the whole sentence. */
const PROBLEM_TEXT: Record<ServiceProblem, [MessageId, MessageId]> = {
  key_refused: ['connection.short.keyRefused', 'connection.keyRefused'],
  address_not_found: ['connection.short.addressNotFound', 'connection.addressNotFound'],
  server_error: ['connection.short.serverError', 'connection.serverError'],
  invalid_response: ['connection.short.invalidResponse', 'connection.invalidResponse'],
  no_network: ['connection.offline', 'connection.noNetworkLong'],
  unreachable: ['connection.unreachable', 'connection.unreachableLong'],
};

function health(service: ServiceStatus): { short: string; long: string; tone: ConnectionTone } {
  const same = (id: MessageId, tone: ConnectionTone) => ({ short: t(id), long: t(id), tone });
  switch (service.health) {
    case 'no_key':
      return same('connection.noKey', 'idle');
    case 'unchecked':
      return same('connection.unchecked', 'idle');
    case 'connecting':
      return same('connection.connecting', 'busy');
    case 'online':
      return same('connection.online', 'ok');
    case 'offline':
    case 'service_error': {
      const fallback: MessageId = service.health === 'offline' ? 'connection.offline' : 'connection.serviceError';
      const [short, long] = service.problem ? PROBLEM_TEXT[service.problem] : [fallback, fallback];
      return { short: t(short), long: t(long), tone: 'bad' };
    }
  }
}

/** The badge for the environment in use and the animals waiting to be sent. */
export function syncBadge(state: ConnectivityState): SyncBadge {
  const line = health(state.service);
  if (state.pending === 0) return { text: line.short, detail: line.long, tone: line.tone };
  const values = { line: line.long, count: state.pending };
  return {
    text: t(state.sending ? 'sync.sending' : 'sync.waiting', { count: state.pending }),
    detail: t(state.sending ? 'connection.sending' : 'connection.waiting', values),
    tone: line.tone,
  };
}
