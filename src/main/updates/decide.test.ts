import { describe, expect, it } from 'vitest';
import { animalsBeingSent, CHECK_INTERVAL_MS, decide, installOnQuit, isCheckDue, type UpdateInputs } from './decide';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const HOUR = 60 * 60 * 1000;

function inputs(overrides: Partial<UpdateInputs> = {}): UpdateInputs {
  return {
    now: START,
    enabled: true,
    packaged: true,
    lastCheckAt: undefined,
    state: { kind: 'idle' },
    sending: 0,
    offer: undefined,
    ...overrides,
  };
}

const downloaded = { kind: 'downloaded', version: '0.2.0' } as const;

describe('when to check', () => {
  it('checks at start, before any check was made', () => {
    expect(decide(inputs())).toEqual({ kind: 'check' });
  });

  it('checks again 6 hours after the last check, not before', () => {
    expect(CHECK_INTERVAL_MS).toBe(6 * HOUR);
    expect(decide(inputs({ lastCheckAt: START, now: START + 6 * HOUR - 1 })).kind).toBe('nothing');
    expect(decide(inputs({ lastCheckAt: START, now: START + 6 * HOUR }))).toEqual({ kind: 'check' });
    expect(isCheckDue(START + 7 * HOUR, START)).toBe(true);
  });

  it('retries after an error on the same 6-hour rhythm', () => {
    const error = { kind: 'error', message: 'offline' } as const;
    expect(decide(inputs({ state: error, lastCheckAt: START, now: START + HOUR })).kind).toBe('nothing');
    expect(decide(inputs({ state: error, lastCheckAt: START, now: START + 6 * HOUR }))).toEqual({ kind: 'check' });
  });

  it('does nothing while a check or a download is under way, however long ago the last check was', () => {
    const late = { lastCheckAt: START, now: START + 24 * HOUR };
    expect(decide(inputs({ ...late, state: { kind: 'checking' } })).kind).toBe('nothing');
    expect(decide(inputs({ ...late, state: { kind: 'downloading', version: '0.2.0', percent: 40 } })).kind).toBe(
      'nothing',
    );
  });
});

describe('when updates are off', () => {
  it('does nothing at all in a development run (not packaged)', () => {
    for (const state of [{ kind: 'idle' }, downloaded] as const) {
      expect(decide(inputs({ packaged: false, state }))).toEqual({
        kind: 'nothing',
        reason: 'not packaged: a development run never updates itself',
      });
    }
    expect(installOnQuit({ packaged: false, enabled: true, sending: 0 })).toBe(false);
  });

  it('does nothing at all when the policy says so, and installs nothing on quit', () => {
    for (const state of [{ kind: 'idle' }, { kind: 'available', version: '0.2.0' }, downloaded] as const) {
      expect(decide(inputs({ enabled: false, state, offer: { version: '0.2.0', answer: 'restart' } }))).toEqual({
        kind: 'nothing',
        reason: 'updates are turned off by policy',
      });
    }
    expect(installOnQuit({ packaged: true, enabled: false, sending: 0 })).toBe(false);
  });
});

describe('downloading and restarting', () => {
  it('downloads an available version in the background', () => {
    expect(decide(inputs({ state: { kind: 'available', version: '0.2.0' } }))).toEqual({
      kind: 'download',
      version: '0.2.0',
    });
  });

  it('offers a restart once a version is downloaded, telling how many animals are being sent', () => {
    expect(decide(inputs({ state: downloaded, sending: 2 }))).toEqual({
      kind: 'offer-restart',
      version: '0.2.0',
      sending: 2,
    });
    expect(decide(inputs({ state: downloaded, offer: { version: '0.2.0', answer: 'asking' } })).kind).toBe('nothing');
  });

  it('restarts when the clerk says restart and nothing is being sent', () => {
    expect(decide(inputs({ state: downloaded, offer: { version: '0.2.0', answer: 'restart' } }))).toEqual({
      kind: 'restart',
      version: '0.2.0',
    });
  });

  it('never restarts in the middle of a send: it waits, says so, and restarts once the send has ended', () => {
    const said = inputs({ state: downloaded, offer: { version: '0.2.0', answer: 'restart' }, sending: 3 });
    expect(decide(said)).toEqual({
      kind: 'wait-for-outbox',
      version: '0.2.0',
      sending: 3,
      reason: '3 animals are being sent; the app restarts for version 0.2.0 once the send has ended',
    });
    expect(decide({ ...said, sending: 1 })).toMatchObject({
      kind: 'wait-for-outbox',
      reason: /^1 animal is being sent/,
    });
    expect(decide({ ...said, sending: 0 })).toEqual({ kind: 'restart', version: '0.2.0' });
  });

  it('counts only animals being sent: waiting, uncertain and refused ones stay on disk through the restart', () => {
    const outbox = (...states: string[]) => ({ items: states.map((state) => ({ state })) });
    expect(animalsBeingSent(outbox('queued', 'needs_attention', 'needs_attention', 'sent'))).toBe(0);
    expect(animalsBeingSent(outbox('queued', 'sending', 'needs_attention'))).toBe(1);
  });

  it('does not ask again after "later"; the update installs on a quit with nothing being sent', () => {
    const later = inputs({ state: downloaded, offer: { version: '0.2.0', answer: 'later' }, now: START + 48 * HOUR });
    expect(decide(later)).toEqual({
      kind: 'nothing',
      reason: 'version 0.2.0 installs when the app quits with nothing being sent',
    });
    expect(installOnQuit({ packaged: true, enabled: true, sending: 0 })).toBe(true);
    expect(installOnQuit({ packaged: true, enabled: true, sending: 1 })).toBe(false);
  });

  it('asks again for a newer version than the one the clerk put off', () => {
    const newer = inputs({
      state: { kind: 'downloaded', version: '0.3.0' },
      offer: { version: '0.2.0', answer: 'later' },
    });
    expect(decide(newer)).toEqual({ kind: 'offer-restart', version: '0.3.0', sending: 0 });
  });
});
