import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueMeta, ConnectivityState, ServiceStatus } from '../../../shared/views';
import { i18n } from '../i18n/i18n.svelte';
import { catalogueFreshness, syncBadge } from './connection';

const state = (service: ServiceStatus, waiting = 0, sending = 0, toCheck = 0): ConnectivityState => ({
  sending,
  waiting,
  toCheck,
  service,
});

describe('the sync badge', () => {
  it('never says "Online" before the service has answered', () => {
    expect(syncBadge(state({ health: 'no_key' }))).toEqual({ text: 'No API key', detail: 'No API key', tone: 'idle' });
    expect(syncBadge(state({ health: 'unchecked' })).text).toBe('Not checked yet');
    expect(syncBadge(state({ health: 'connecting' }))).toMatchObject({ text: 'Connecting…', tone: 'busy' });
    expect(syncBadge(state({ health: 'online' }))).toMatchObject({ text: 'Online', tone: 'ok' });
  });

  it('tells no network, an unreachable service, a wrong address and a refused key apart, in few words', () => {
    expect(syncBadge(state({ health: 'offline', problem: 'no_network' }))).toEqual({
      text: 'Offline',
      detail: 'Offline: this computer has no network',
      tone: 'bad',
    });
    expect(syncBadge(state({ health: 'offline', problem: 'unreachable' }))).toEqual({
      text: 'Service unreachable',
      detail: 'Service unreachable: the network works, but the service does not answer',
      tone: 'bad',
    });
    expect(syncBadge(state({ health: 'service_error', problem: 'address_not_found' }))).toEqual({
      text: 'Address not found',
      detail: 'Service error: the address was not found',
      tone: 'bad',
    });
    expect(syncBadge(state({ health: 'service_error', problem: 'key_refused' })).detail).toBe(
      'Service error: the API key was refused',
    );
  });

  it('says until when the service asked to wait, never "Online", with the copy’s age under it', () => {
    const until = new Date(2026, 10, 27, 10, 5, 30).getTime();
    expect(syncBadge(state({ health: 'waiting', until }), 'Copy from 10:00')).toEqual({
      text: 'Busy until 10:05:30',
      age: 'Copy from 10:00',
      detail:
        'The service asked the app to wait until 10:05:30: it sends nothing before then · Copy\u00a0from\u00a010:00',
      tone: 'busy',
    });
  });

  it('counts the animals waiting in the badge; the whole state, with the plural, is in the detail', () => {
    expect(syncBadge(state({ health: 'offline', problem: 'unreachable' }, 1))).toEqual({
      text: '1 waiting',
      detail: 'Service unreachable: the network works, but the service does not answer — 1 animal waiting to be sent',
      tone: 'bad',
    });
    expect(syncBadge(state({ health: 'online' }, 2, 1))).toMatchObject({
      text: 'Sending 3…',
      detail: 'Online — sending 3 animals',
    });
  });

  it('counts the animals waiting for the clerk’s check apart: they are never sent by themselves', () => {
    expect(syncBadge(state({ health: 'online' }, 0, 0, 2))).toEqual({
      text: '2 to check',
      detail: 'Online · 2 animals wait for your check',
      tone: 'ok',
    });
    expect(syncBadge(state({ health: 'online' }, 0, 1, 2)).text).toBe('Sending 1… · 2 to check');
    expect(syncBadge(state({ health: 'offline', problem: 'no_network' }, 1, 0, 1))).toEqual({
      text: '1 waiting · 1 to check',
      detail: 'Offline: this computer has no network — 1 animal waiting to be sent · 1 animal waits for your check',
      tone: 'bad',
    });
  });

  it('says how old the copy of the shop is under its words while the service does not answer, in the detail always', () => {
    const meta = (over: Partial<CatalogueMeta>): CatalogueMeta => ({
      environmentId: 'demo',
      petsRevision: 1,
      count: 260,
      completeness: 'complete',
      syncedAt: new Date(2026, 10, 25, 9, 14).getTime(),
      state: 'fresh',
      ...over,
    });
    const now = new Date(2026, 10, 25, 11, 0).getTime();
    expect(catalogueFreshness(null, now, true)).toBeUndefined();
    expect(catalogueFreshness(meta({}), now, true)).toBe('Up to date');
    // Synced, then the service went away: the copy is from then, not up to date.
    expect(catalogueFreshness(meta({}), now, false)).toBe('Copy from 09:14');
    expect(catalogueFreshness(meta({ state: 'syncing' }), now, true)).toBe('Updating the copy…');
    const offline = catalogueFreshness(meta({ state: 'offline' }), now, false);
    expect(offline).toBe('Copy from 09:14');
    // Offline, a refused key, a failing service, not answered yet: the clerk sees the copy's age without hovering.
    expect(syncBadge(state({ health: 'offline', problem: 'no_network' }), offline)).toEqual({
      text: 'Offline',
      age: 'Copy from 09:14',
      detail: 'Offline: this computer has no network · Copy\u00a0from\u00a009:14',
      tone: 'bad',
    });
    expect(syncBadge(state({ health: 'service_error', problem: 'key_refused' }, 2), offline)).toMatchObject({
      text: '2 waiting',
      age: 'Copy from 09:14',
    });
    expect(syncBadge(state({ health: 'service_error', problem: 'server_error' }), offline).age).toBe('Copy from 09:14');
    expect(syncBadge(state({ health: 'connecting' }), offline).age).toBe('Copy from 09:14');
    // Answering: a green dot says the copy follows the service; how fresh it is stays in the detail.
    expect(syncBadge(state({ health: 'online' }), 'Up to date')).toEqual({
      text: 'Online',
      detail: 'Online · Up\u00a0to\u00a0date',
      tone: 'ok',
    });
    // No copy yet, nothing to date.
    expect(syncBadge(state({ health: 'no_key' })).age).toBeUndefined();
  });
});

describe('a wait the service asked for, in each language', () => {
  afterEach(() => i18n.choose(null));
  const waiting = state({ health: 'waiting', until: new Date(2026, 10, 27, 1, 5, 30).getTime() });

  it('names the time without an article that would not fit one o’clock', () => {
    i18n.choose('de');
    expect(syncBadge(waiting).text).toBe('Ausgelastet bis 01:05:30');
    i18n.choose('fr');
    expect(syncBadge(waiting).text).toBe('Occupé jusqu’à 01:05:30');
    i18n.choose('es');
    expect(syncBadge(waiting).text).toBe('Ocupado hasta 01:05:30');
  });
});

describe('the copy’s age from another day', () => {
  afterEach(() => i18n.choose(null));
  const meta: CatalogueMeta = {
    environmentId: 'demo',
    petsRevision: 1,
    count: 260,
    completeness: 'complete',
    syncedAt: new Date(2026, 10, 26, 10, 30).getTime(),
    state: 'offline',
  };
  const today = new Date(2026, 10, 26, 17, 0).getTime();
  const nextDay = new Date(2026, 10, 27, 9, 0).getTime();

  it('is worded as each language says a date: "Copie du 26 novembre", "Copia: 26 de noviembre"', () => {
    expect(catalogueFreshness(meta, nextDay, false)).toBe('Copy from 26 November, 10:30');
    i18n.choose('fr');
    expect(catalogueFreshness(meta, today, false)).toBe('Copie de 10:30');
    expect(catalogueFreshness(meta, nextDay, false)).toBe('Copie du 26 novembre à 10:30');
    i18n.choose('es');
    expect(catalogueFreshness(meta, nextDay, false)).toBe('Copia: 26 de noviembre, 10:30');
    i18n.choose('de');
    expect(catalogueFreshness(meta, nextDay, false)).toBe('Stand: 26. November, 10:30');
  });

  it('reads in Spanish without an article at any hour: "Copia: 10:30", "Copia: 01:30", never "Copia de 01:30"', () => {
    i18n.choose('es');
    expect(catalogueFreshness(meta, today, false)).toBe('Copia: 10:30');
    const atOne = { ...meta, syncedAt: new Date(2026, 10, 26, 1, 30).getTime() };
    expect(catalogueFreshness(atOne, today, false)).toBe('Copia: 01:30');
    expect(catalogueFreshness(atOne, nextDay, false)).toBe('Copia: 26 de noviembre, 01:30');
  });

  it('says “Copie du 1er décembre” in French for a copy from the first of a month', () => {
    i18n.choose('fr');
    const first = { ...meta, syncedAt: new Date(2026, 11, 1, 10, 30).getTime() };
    expect(catalogueFreshness(first, new Date(2026, 11, 2, 9, 0).getTime(), false)).toBe(
      'Copie du 1er décembre à 10:30',
    );
  });
});
