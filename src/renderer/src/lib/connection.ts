import type {
  CatalogueMeta,
  ConnectivityState,
  ServiceHealth,
  ServiceProblem,
  ServiceStatus,
} from '../../../shared/views';
import { t, type MessageId } from '../i18n/i18n.svelte';
import { formatClock, formatDate } from './format';

/** The dot's colour: green answered, grey not known yet, amber under way, red not reached or answered wrongly. */
export type ConnectionTone = 'ok' | 'idle' | 'busy' | 'bad';

/** What the app bar's sync badge says: a few words that never wrap, and the whole state for its tooltip and drawer. */
export interface SyncBadge {
  /** "Online", "2 waiting", "Service unreachable". */
  text: string;
  /** Under the words while the service does not answer: how old the copy of the shop is ("Copy from 09:14"). */
  age?: string;
  /** "Service error: the API key was refused — 2 animals waiting to be sent". */
  detail: string;
  tone: ConnectionTone;
}

/** Per state: its words (badge and sentence alike) and the dot's colour. */
const HEALTH_TEXT: Record<ServiceHealth, [MessageId, ConnectionTone]> = {
  no_key: ['connection.noKey', 'idle'],
  unchecked: ['connection.unchecked', 'idle'],
  connecting: ['connection.connecting', 'busy'],
  online: ['connection.online', 'ok'],
  waiting: ['connection.askedToWait', 'busy'],
  offline: ['connection.offline', 'bad'],
  service_error: ['connection.serviceError', 'bad'],
};

/** Per problem (why `offline` or `service_error`): the badge's words, then the whole sentence. */
const PROBLEM_TEXT: Record<ServiceProblem, [MessageId, MessageId]> = {
  key_refused: ['connection.short.keyRefused', 'connection.keyRefused'],
  address_not_found: ['connection.short.addressNotFound', 'connection.addressNotFound'],
  server_error: ['connection.short.serverError', 'connection.serverError'],
  invalid_response: ['connection.short.invalidResponse', 'connection.invalidResponse'],
  no_network: ['connection.offline', 'connection.noNetworkLong'],
  unreachable: ['connection.unreachable', 'connection.unreachableLong'],
};

function health({ health, problem, until }: ServiceStatus): { short: string; long: string; tone: ConnectionTone } {
  const [id, tone] = HEALTH_TEXT[health];
  if (until !== undefined) {
    // A wait is at most five minutes: its end to the second.
    const time = formatDate(new Date(until), {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    return { short: t(id, { time }), long: t('connection.askedToWaitLong', { time }), tone };
  }
  const [short, long] = problem ? PROBLEM_TEXT[problem] : [id, id];
  return { short: t(short), long: t(long), tone };
}

/** How fresh the catalogue on screen is: "Up to date", "Updating the copy…", "Copy from 09:14". */
export function catalogueFreshness(meta: CatalogueMeta | null, nowMs: number, online: boolean): string | undefined {
  if (meta === null) return undefined;
  if (meta.state === 'syncing') return t('sync.updating');
  // A copy synced before the service went away is not "up to date" any more, whatever its last sync said.
  if (meta.state === 'fresh' && online) return t('sync.upToDate');
  return meta.syncedAt === null ? undefined : formatClock(meta.syncedAt, nowMs, 'sync.copyFrom', 'sync.copyFromDay');
}

/**
 * The badge for the environment in use and its outbox: the animals the outbox sends by itself, then those waiting
 * for the clerk (never sent by themselves, so never counted as sending); the copy's freshness in its detail, and
 * while the service does not answer (the dot not green) under its words too: a clerk at the counter does not hover.
 */
export function syncBadge(state: ConnectivityState, freshness?: string): SyncBadge {
  const line = health(state.service);
  const toSend = state.sending + state.waiting;
  const send = state.sending > 0 ? 'sending' : 'waiting';
  const words = toSend > 0 ? [t(`sync.${send}` as const, { count: toSend })] : [];
  let detail = toSend > 0 ? t(`connection.${send}` as const, { line: line.long, count: toSend }) : line.long;
  if (state.toCheck > 0) {
    words.push(t('sync.toCheck', { count: state.toCheck }));
    detail = t('connection.toCheck', { line: detail, count: state.toCheck });
  }
  // Kept on one line: "Stand:" left at a line's end with its time on the next reads as two facts.
  if (freshness !== undefined) detail += ` · ${freshness.replaceAll(' ', '\u00a0')}`;
  const age = line.tone === 'ok' ? undefined : freshness;
  return { text: words.join(' · ') || line.short, age, detail, tone: line.tone };
}
