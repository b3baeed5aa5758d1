import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appError, type NewPet } from '../../../shared';
import * as machine from './machine';

type OutboxRecord = machine.OutboxRecord;

const rex: NewPet = { name: 'Rex', categoryId: '1' };
const refused = { error: appError('unreachable', 'unreachable'), reach: 'not_reached' } as const;
const lost = { error: appError('timeout', 'timeout'), reach: 'ambiguous' } as const;
const badRequest = { error: appError('invalid_input', 'values_refused', { status: 400 }), reach: 'answered' } as const;
const keyRefused = {
  error: appError('unauthorized', 'key_refused', { status: 401 }),
  reach: 'answered',
} as const;
const busy = {
  error: appError('rate_limited', 'busy', { status: 429, retryAfterSeconds: 30, params: { seconds: 30 } }),
  reach: 'answered',
} as const;
const always = () => true;
/** Where the environment's requests go: its address and a digest of its key. */
const SHOP = 'https://shop.example/v1 key-1';

function queue(...names: string[]): OutboxRecord[] {
  return names.map((name, index) =>
    machine.newRecord(
      { id: randomUUID(), key: randomUUID(), environmentId: 'demo', pet: { ...rex, name } },
      1000 + index,
    ),
  );
}
const only = (items: OutboxRecord[]): OutboxRecord => {
  const [item] = items;
  if (!item) throw new Error('no item');
  return item;
};
/** Proved in this run (at a start: in the last one), by a dated answer. */
const honours = { honours: true, thisRun: true, dated: true };
/** The clerk presses "Send again" with the environment's requests going to `to`, its service's time `serviceNow`. */
/** What a service that echoed a key proved. */
const HONOURS: machine.ServiceFacts = { honours: true };
const press = (serviceNow?: number, to = SHOP, facts: machine.ServiceFacts = HONOURS): machine.Press => ({
  facts,
  to,
  serviceNow,
});
/** Marked for a try of its requests to `to`, its service's time `serviceNow` read on `stretch`. */
const sending = (
  item: OutboxRecord,
  facts: machine.ServiceFacts | undefined,
  to: string,
  serviceNow?: number,
  stretch?: string,
) => machine.sending(item, { facts, to, serviceNow, stretch });
/** One send of the item that fails. */
const failOnce = (
  item: OutboxRecord,
  failure: Parameters<typeof machine.failed>[1],
  honoured: boolean,
  now = 0,
  keyAdds = false,
) => machine.failed(sending(item, undefined, SHOP, now), failure, honoured, now, keyAdds);

describe('one animal through the outbox', () => {
  it('sends the oldest queued animal first, and keeps its key through every resend', () => {
    const items = queue('Rex', 'Tom');
    const [first] = machine.dueBatch(
      items,
      2000,
      always,
      () => undefined,
      () => false,
    );
    expect(first?.pet.name).toBe('Rex');
    expect(failOnce(only(items), lost, true, 2000)).toMatchObject({
      state: 'queued',
      key: first?.key,
      reached: true,
      attempts: 1,
    });
  });

  it('where the service honours keys, the due animals of its environment go together', () => {
    const items = queue('Rex', 'Tom');
    expect(
      machine.dueBatch(
        items,
        2000,
        always,
        () => honours,
        () => false,
      ),
    ).toHaveLength(2);
  });

  it('a refused request is retried with a back-off that never exceeds 10 s', () => {
    let item = only(queue('Rex'));
    for (let attempt = 0; attempt < 8; attempt += 1) item = failOnce(item, refused, false);
    expect(item).toMatchObject({ state: 'queued', reached: false, nextAttemptAt: machine.BACKOFF_MAX_MS });
  });

  it('an unsure outcome waits for the clerk where the service ignores keys', () => {
    expect(failOnce(only(queue('Rex')), lost, false).state).toBe('needs_check');
  });

  it('a refusal for good is rejected; busy (429) waits the time asked', () => {
    const item = only(queue('Rex'));
    expect(machine.failed(item, badRequest, true, 0).state).toBe('rejected');
    expect(machine.failed(item, busy, false, 0)).toMatchObject({ state: 'queued', nextAttemptAt: 30_000 });
  });

  it('a refused resend says nothing of the request before it, which may have created the animal', () => {
    // A lost answer, then a gateway refuses the resend (400): the clerk checks, with its words.
    const lostThenRefused = failOnce(failOnce(only(queue('Rex')), lost, true), badRequest, true);
    expect(lostThenRefused).toMatchObject({ state: 'needs_check', lastError: { status: 400 } });
    // Refused outright, sent again by the clerk, refused again: nothing of it was ever created.
    const refusedOutright = failOnce(only(queue('Rex')), badRequest, true);
    const again = machine.sendAgain(refusedOutright, 5, press(5));
    expect(failOnce(again, badRequest, true, 5).state).toBe('rejected');
  });

  it('a clock set back ends a wait longer than any given, and leaves the service’s own Retry-After alone', () => {
    const asked = failOnce(only(queue('Rex')), busy, false, 0); // Retry-After 30 s: due at 30,000.
    const backedOff = failOnce(only(queue('Max')), refused, false, 0); // its back-off: due at 1,000.
    // Ten seconds later by the clock: both waits are as given.
    expect([asked, backedOff].map((item) => machine.due(item, 10_000))).toEqual([false, true]);
    // The clock put back an hour: each wait now reads an hour longer than any the outbox gives, and is over.
    const hourBack = -60 * 60_000;
    expect([asked, backedOff].map((item) => machine.due(item, hourBack))).toEqual([true, true]);
    expect(machine.nextWake([asked, backedOff], hourBack, always)).toBe(0);
  });

  it('a key the service refuses (401) is the environment’s fault, not the animal’s: it waits for a key that works', () => {
    // A wrong key saved anyway, or one the shop replaced: the animals waiting must not be set aside as refused.
    let item = only(queue('Rex'));
    for (let attempt = 0; attempt < 5; attempt += 1) item = failOnce(item, keyRefused, false, 1000);
    expect(item).toMatchObject({ state: 'queued', reached: false, ownFailures: 0 });
    const forbidden = { ...keyRefused, error: appError('unauthorized', 'key_refused', { status: 403 }) };
    expect(failOnce(item, forbidden, true, 1000)).toMatchObject({ state: 'queued', reached: false });
    // It waits for the key, not for the service: a key put right sends it at once.
    expect(machine.heldForService(item, 1000)).toBe(false);
    expect(machine.heldForKey(item)).toBe(true);
  });

  it('a 403 where this key has added animals refused the animal (a gateway’s rule): after three, refused with its words', () => {
    const rule = {
      error: appError('unauthorized', 'key_refused', { status: 403, params: { serviceSaid: 'Rule 942100' } }),
      reach: 'answered',
    } as const;
    let blocked = only(queue('Blocked'));
    for (let attempt = 0; attempt < machine.MAX_OWN_FAILURES; attempt += 1) {
      expect(blocked.state).toBe('queued');
      blocked = failOnce(blocked, rule, true, 1000, true);
    }
    // Worded as the service refusing these values, not the key: the clerk is not sent to Settings for a key that works.
    expect(blocked).toMatchObject({
      state: 'rejected',
      reached: false,
      lastError: {
        kind: 'invalid_input',
        reason: 'values_refused',
        status: 403,
        params: { serviceSaid: 'Rule 942100' },
      },
    });
    expect(machine.heldForKey(blocked)).toBe(false);
  });

  it('after a restart, an interrupted send is resent only where the key is honoured', () => {
    const interrupted = [sending(only(queue('Rex')), undefined, SHOP, 5)];
    expect(only(machine.restart(interrupted, () => honours, 5)).state).toBe('queued');
    expect(only(machine.restart(interrupted, () => undefined, 5)).state).toBe('needs_check');
  });

  it('editing keeps the key until a request may have reached the service', () => {
    const item = only(queue('Rex'));
    expect(machine.edit(item, { ...rex, name: 'Max' }, 'new-key', 0).key).toBe(item.key);
    const reached = failOnce(item, lost, false);
    expect(machine.edit(reached, { ...rex, name: 'Max' }, 'new-key', 0)).toMatchObject({
      key: 'new-key',
      state: 'queued',
      pet: { name: 'Max' },
    });
  });

  it('an animal a request may have created changes only after the clerk’s check: a changed copy would be a second', () => {
    const stillWorkedOn = {
      error: appError('invalid_response', 'unexpected_status', { status: 409 }),
      reach: 'answered',
    } as const;
    // No answer, then "the same key is still being worked on" until the animal is given up on.
    let item = failOnce(only(queue('Rex')), lost, true);
    for (let attempt = 0; attempt < machine.MAX_OWN_FAILURES; attempt += 1) {
      expect(machine.edit(item, { ...rex, name: 'Max' }, 'new-key', 0)).toBe(item);
      item = failOnce(item, stillWorkedOn, true);
    }
    // Given up on, it waits for the clerk's check; checked, it is theirs to change, under a new key.
    expect(item).toMatchObject({ state: 'needs_check', reached: true });
    expect(machine.edit(item, { ...rex, name: 'Max' }, 'new-key', 0)).toMatchObject({
      key: 'new-key',
      state: 'queued',
    });
    // One the service refused itself was never created: changed at once, sent again as young.
    const refusedOutright = failOnce(only(queue('Rex')), badRequest, true);
    expect(machine.edit(refusedOutright, { ...rex, name: 'Max' }, 'new-key', 0)).toMatchObject({
      pet: { name: 'Max' },
    });
    expect(machine.sendAgain(refusedOutright, 5, press(5)).firstSentAt).toBeUndefined();
    // "Send now" on one waiting after a lost answer: the same key, whose age goes on.
    const lostOnce = failOnce(only(queue('Rex')), lost, true);
    expect(machine.sendAgain(lostOnce, 5, press(5)).firstSentAt).toBe(lostOnce.firstSentAt);
  });

  it('sent animals are listed for a week, then dropped at a start', () => {
    const sent = [machine.sent(only(queue('Rex')), { ...rex, id: '7', status: 'available' }, 0)];
    expect(machine.restart(sent, () => undefined, machine.SENT_KEPT_MS - 1)).toHaveLength(1);
    expect(machine.restart(sent, () => undefined, machine.SENT_KEPT_MS)).toHaveLength(0);
  });

  it('a week-old sent animal stays while one of its name and category at its address waits: it claims its row', () => {
    const goldie = { ...rex, name: 'Goldie', categoryId: '4' };
    const [first, second] = queue('Goldie', 'goldie').map((item) => ({
      ...item,
      pet: { ...goldie, name: item.pet.name },
    }));
    if (!first || !second) throw new Error('two animals');
    const sent = machine.sent(sending(first, undefined, SHOP, 0), { ...goldie, id: '7', status: 'available' }, 0);
    const inDoubt = failOnce(second, lost, false);
    expect(machine.restart([sent, inDoubt], () => undefined, machine.SENT_KEPT_MS)).toHaveLength(2);
    // Another category, or another address, is checked against other rows: the week-old one goes.
    const fish = { ...inDoubt, pet: { ...inDoubt.pet, categoryId: '5' } };
    const elsewhere = { ...inDoubt, sentTo: 'https://other.example/v1 key-1' };
    expect(machine.restart([sent, fish], () => undefined, machine.SENT_KEPT_MS)).toEqual([fish]);
    expect(machine.restart([sent, elsewhere], () => undefined, machine.SENT_KEPT_MS)).toEqual([elsewhere]);
  });

  it('an animal being sent, or sent, cannot be discarded: the service holds it', () => {
    const item = only(queue('Rex'));
    expect(machine.update([sending(item, undefined, SHOP, 0)], item.id, machine.discard)).toHaveLength(1);
    const created = { id: '251', name: 'Rex', categoryId: '1', status: 'available' } as const;
    expect(machine.update([machine.sent(item, created, 0)], item.id, machine.discard)).toHaveLength(1);
    expect(machine.update([item], item.id, machine.discard)).toHaveLength(0);
  });

  it('a service keeps answering an error: after three tries the animal waits for the clerk’s check with those words', () => {
    const failed = { error: appError('server_error', 'service_failed', { status: 500 }), reach: 'ambiguous' } as const;
    let item = only(queue('Rex'));
    for (let attempt = 0; attempt < machine.MAX_OWN_FAILURES; attempt += 1) {
      expect(item.state).toBe('queued');
      item = failOnce(item, failed, true);
    }
    // A 5xx proves nothing either way: not "refused by the service", but "it may exist".
    expect(item).toMatchObject({ state: 'needs_check', lastError: { status: 500 } });
  });

  it('one animal failing again alone is not its service down; two different animals failing in a row are', () => {
    const [broken, good] = queue('Broken', 'Good').map((item) => item.id);
    if (!broken || !good) throw new Error('two animals');
    // "Broken" is answered 500 each time it falls due, while other shops' animals keep the send-out going.
    let row = machine.countFailure({ count: 0 }, broken, false);
    row = machine.countFailure(row, broken, false);
    row = machine.countFailure(row, broken, false);
    expect(row.count).toBe(1);
    // Then "Good" fails too: two animals in a row, the service is down and the shop's line waits.
    expect(machine.countFailure(row, good, false).count).toBe(2);
    // One sent between them: the count starts again, and "Broken" failing after it is one.
    const after = machine.countFailure(machine.countFailure(row, good, true), broken, false);
    expect(after.count).toBe(1);
  });

  it('an animal unanswered on its own counts a try only where another animal’s add was answered before its next', () => {
    const OTHER_SHOP = 'https://other.example/v1 key-2';
    const proven = (alone: ReadonlyMap<string, machine.Alone>) => alone.get('cut')?.proven;
    // "Cut" goes unanswered twice with no other add between: the service may have been down, nothing is proven.
    let alone = machine.afterTry(new Map(), 'cut', SHOP, false, true, true);
    alone = machine.afterTry(alone, 'cut', SHOP, false, true, true);
    // Another shop's answer proves nothing of this one's service; this one's answer proves the last try, once.
    alone = machine.afterTry(alone, 'good 1', OTHER_SHOP, true, false, true);
    expect(proven(alone)).toBe(0);
    alone = machine.afterTry(alone, 'good 1', SHOP, true, false, true);
    alone = machine.afterTry(alone, 'good 2', SHOP, true, false, true);
    expect(proven(alone)).toBe(1);
    alone = machine.afterTry(
      machine.afterTry(alone, 'cut', SHOP, false, true, true),
      'good 3',
      SHOP,
      true,
      false,
      true,
    );
    expect(proven(alone)).toBe(2);
    // Another animal unanswered there too: the line is unsteady, and the count starts again.
    alone = machine.afterTry(alone, 'flaky', SHOP, false, true, true);
    expect(proven(alone)).toBe(0);
    // Answered at last: it no longer fails alone.
    expect(machine.afterTry(alone, 'cut', SHOP, true, false, true).has('cut')).toBe(false);
  });

  it('a try with no add answered there since it was marked proves nothing, and starts its count again', () => {
    const proven = (alone: ReadonlyMap<string, machine.Alone>) => alone.get('cut')?.proven;
    let alone = machine.afterTry(new Map(), 'cut', SHOP, false, true, true);
    alone = machine.afterTry(alone, 'good 1', SHOP, true, false, true);
    alone = machine.afterTry(alone, 'cut', SHOP, false, true, true);
    alone = machine.afterTry(alone, 'good 2', SHOP, true, false, true);
    expect(proven(alone)).toBe(2);
    // Tried alone, the last answer there long before it: an outage may have ended just after it, before "good 3".
    alone = machine.afterTry(alone, 'cut', SHOP, false, true, false);
    alone = machine.afterTry(alone, 'good 3', SHOP, true, false, true);
    expect(proven(alone)).toBe(0);
  });

  it('only the service taking or refusing an add shows it takes adds: a gateway’s 502, 503 or 429 does not', () => {
    expect(machine.tookAdd(true, undefined)).toBe(true);
    expect([400, 403, 409, 422].map((status) => machine.tookAdd(false, status))).toEqual([true, true, true, true]);
    expect([429, 500, 502, 503].map((status) => machine.tookAdd(false, status))).toEqual([false, false, false, false]);
    expect(machine.tookAdd(false, undefined)).toBe(false);
  });

  it('the service coming back frees animals that waited for it, not one it refused on its own', () => {
    const [down, refusedAlone] = queue('Down', 'Alone').map((item, index) => ({
      ...item,
      nextAttemptAt: 9_000,
      lastError:
        index === 0
          ? appError('unreachable', 'unreachable')
          : appError('server_error', 'service_failed', { status: 500 }),
    }));
    const items = machine.makeDueNow(
      [down, refusedAlone].filter((item) => item !== undefined),
      1_000,
      (item) => machine.heldForService(item, 1_000),
    );
    expect(items.map((item) => item.nextAttemptAt)).toEqual([1_000, 9_000]);
  });

  it('an animal that cannot be sent yet (offline, no key) does not hold back the next one falling due', () => {
    const [stuck, later] = queue('Stuck', 'Later');
    if (!stuck || !later) throw new Error('two animals');
    // "Stuck" is due now but its environment cannot be sent to; "Later" falls due in 2 s.
    const items = [stuck, { ...later, nextAttemptAt: 3_000 }];
    expect(machine.nextWake(items, 1_000, () => false)).toBe(2_000);
    // With nothing falling due later, the stuck one is looked at again after the longest back-off.
    expect(machine.nextWake([stuck], 1_000, () => false)).toBe(machine.BACKOFF_MAX_MS);
    expect(machine.nextWake([stuck], 1_000, always)).toBe(0);
  });
});

describe('two of one name at the check, both offered the one row the service holds', () => {
  const row = { id: '1', name: 'Bubbles', categoryId: '1' };
  const atCheck = (item: OutboxRecord): OutboxRecord => ({
    ...failOnce(item, lost, false),
    matches: { pets: [row], complete: true },
    known: ['0'],
  });
  const [first, second] = queue('Bubbles', 'Bubbles').map(atCheck);

  it('an answer naming the row sends back to the check the one the clerk confirmed as it, with what it was checked against', () => {
    if (!first || !second) throw new Error('two animals');
    const confirmed = machine.confirmCreated(first, [first, second], 5_000, () => false);
    const answered = machine.sent(second, row, 6_000);
    const after = machine.answerWins([confirmed, answered], answered);
    expect(after.map(({ state, created, known }) => ({ state, created: created?.id, known }))).toEqual([
      { state: 'needs_check', created: undefined, known: ['0'] },
      { state: 'sent', created: '1', known: undefined },
    ]);
  });

  it('not one sent on an answer of its own: the clerk’s word is the only one an answer overrules', () => {
    if (!first || !second) throw new Error('two animals');
    const answered = machine.sent(second, row, 6_000);
    const items = [machine.sent(first, row, 5_000), answered];
    expect(machine.answerWins(items, answered)).toEqual(items);
  });
});

describe('an add answered with another animal (a gateway replaying a stored answer)', () => {
  it('another name or category, another key echoed, or a row another sent animal of its name claims here: not this add', () => {
    const [lunch, rex, earlier] = queue('Lunch', 'Rex', 'lunch').map((item) => sending(item, undefined, SHOP, 0));
    if (!lunch || !rex || !earlier) throw new Error('no items');
    const rexRow = { id: '7', name: 'Rex', categoryId: '1' };
    const earlierRow = { id: '6', name: 'lunch', categoryId: earlier.pet.categoryId };
    const items = [machine.sent(earlier, earlierRow, 0), machine.sent(rex, rexRow, 0), lunch];
    const judge = (created: typeof rexRow, echoed: string | null) =>
      machine.answersAnother(lunch, created, echoed, {
        items,
        address: 'https://shop.example/v1',
        lapsed: () => false,
      });
    const lunchRow = { id: '8', name: 'Lunch', categoryId: lunch.pet.categoryId };
    expect(judge(lunchRow, lunch.key)).toBeUndefined();
    expect(judge(lunchRow, null)).toBeUndefined();
    expect(judge({ ...lunchRow, name: 'lunch' }, null)).toBeUndefined();
    expect(judge({ ...lunchRow, name: 'Rex' }, null)).toBe('renamed');
    expect(judge({ ...lunchRow, categoryId: '99' }, null)).toBe('renamed');
    expect(judge(lunchRow, rex.key)).toBe('proven');
    // The row of another Lunch sent here: a replay of its answer.
    expect(judge({ ...earlierRow, name: 'Lunch' }, null)).toBe('proven');
    // Rex's row given to this Lunch: a shop put back from a backup gave Rex's id again, and the answer is this add's.
    expect(judge({ ...rexRow, name: 'Lunch', categoryId: lunch.pet.categoryId }, null)).toBeUndefined();
  });

  it('a row listed just before it left is not this add, unless that list was a stale copy (a restore gives ids again)', () => {
    const lunch = sending(only(queue('Lunch')), undefined, SHOP, 0);
    const listedRow = { id: '9', name: 'Lunch', categoryId: lunch.pet.categoryId };
    const judge = (item: OutboxRecord) =>
      machine.answersAnother(item, listedRow, null, {
        items: [item],
        address: 'https://shop.example/v1',
        lapsed: always,
      });
    expect(judge({ ...lunch, known: ['9'] })).toBe('proven');
    expect(judge({ ...lunch, known: ['9'], knownStale: true })).toBeUndefined();
  });
});

describe('what the service has proved about keys', () => {
  const key = randomUUID();
  const FRIDAY_NOON = 'Fri, 27 Nov 2026 12:00:00 GMT';
  const answer = (status: number, echoed: string | null, lifetime?: string, date?: string) => {
    const headers = new Headers(lifetime ? { 'idempotency-key-lifetime': lifetime } : {});
    if (echoed !== null) headers.set('idempotency-key', echoed);
    if (date !== undefined) headers.set('date', date);
    return { status, headers };
  };
  const learnt = (before: machine.ServiceFacts | undefined, said: ReturnType<typeof answer>) =>
    machine.learn(before ? { slot: before } : {}, 'slot', key, said).slot;

  it('a success echoing exactly the key proves it, with the lifetime stated; a success without withdraws it', () => {
    expect(learnt(undefined, answer(201, key, '3600'))).toEqual({
      honours: true,
      keyLifetimeMs: 3_600_000,
      thisRun: true,
      dated: false,
    });
    expect(learnt({ honours: true }, answer(201, null))).toEqual({ honours: false, keysDropped: true });
    expect(learnt({ honours: true }, answer(201, randomUUID()))).toEqual({ honours: false, keysDropped: true });
  });

  it('keys dropped once in a run (a gateway whose backends differ): no later echo in that run makes a resend safe', () => {
    const dropped = machine.learn({ slot: honours }, 'slot', key, answer(201, null));
    const echoedAfter = machine.learn(dropped, 'slot', key, answer(201, key, '3600')).slot;
    expect(machine.relied(echoedAfter)).toBe(false);
    const lunch = failOnce(only(queue('Lunch')), lost, machine.relied(echoedAfter));
    expect(sending(lunch, echoedAfter, SHOP, 0).state).toBe('needs_check');
    // The next run starts afresh: its own echo is its proof.
    const nextRun = machine.newRun({ services: dropped }).services;
    expect(machine.relied(machine.learn(nextRun, 'slot', key, answer(201, key)).slot)).toBe(true);
  });

  it('a stated lifetime holds until the service states another, up to the default day once it is not restated', () => {
    const hour = { honours: true, keyLifetimeMs: 3_600_000 };
    expect(learnt(hour, answer(201, key))).toEqual({ ...hour, thisRun: true, dated: false });
    expect(learnt(hour, answer(201, null))).toEqual({ honours: false, keyLifetimeMs: 3_600_000, keysDropped: true });
    expect(learnt(hour, answer(201, key, '60'))).toMatchObject({ honours: true, keyLifetimeMs: 60_000 });
    // A week stated, then a success that says nothing: the service may have been updated to the contract's day.
    const week = { honours: true, keyLifetimeMs: 7 * machine.DEFAULT_KEY_LIFETIME_MS };
    expect(learnt(week, answer(201, key))).toMatchObject({ keyLifetimeMs: machine.DEFAULT_KEY_LIFETIME_MS });
  });

  it('a lifetime stated as no positive whole number of seconds cannot be relied on: no resend goes by itself', () => {
    const hour = { honours: true, keyLifetimeMs: 3_600_000 };
    for (const stated of ['0', '10m', '3600, 3600']) {
      const facts = learnt(hour, answer(201, key, stated));
      expect(facts).toMatchObject({ honours: true, keyLifetimeMs: 0 });
      const lunch = failOnce(only(queue('Lunch')), lost, machine.relied(facts));
      expect(sending(lunch, facts, SHOP, 0).state).toBe('needs_check');
    }
  });

  it('a proof is relied on in the run that made it, and at the next start for what that run left in doubt', () => {
    // Friday a success echoed the key; Lunch's answer was lost, and Max was being sent when the app was closed.
    const friday = machine.learn({}, 'slot', key, answer(201, key, undefined, FRIDAY_NOON));
    const lunch = failOnce(only(queue('Lunch')), lost, machine.relied(friday.slot));
    const max = sending(only(queue('Max')), undefined, SHOP, 0);
    expect(lunch.state).toBe('queued');
    // Monday's start: both resent on Friday's proof, which Monday then no longer relies on (a gateway replaced since).
    const monday = machine.newRun({ services: friday }).services.slot;
    const restarted = machine.restart([lunch, max], () => friday.slot, 0);
    expect(restarted.map((item) => item.state)).toEqual(['queued', 'queued']);
    expect(monday).toEqual({ honours: true, dated: true });
    expect(machine.relied(monday)).toBe(false);
    // Had Friday's run proved nothing, neither would be resent on an older proof: the clerk checks.
    expect(machine.restart([lunch, max], () => monday, 0).map((item) => item.state)).toEqual([
      'needs_check',
      'needs_check',
    ]);
  });

  it('at a start, one in doubt at a service whose answers carry no Date waits for the clerk: its key’s age is unknown', () => {
    // The counter's clock stood in for the service's, and may have been set while the app was closed.
    const undated = machine.learn({}, 'slot', key, answer(201, key)).slot;
    expect(undated).toMatchObject({ honours: true, thisRun: true, dated: false });
    const lunch = failOnce(only(queue('Lunch')), lost, machine.relied(undated));
    expect(lunch.state).toBe('queued');
    expect(only(machine.restart([lunch], () => undated, 0)).state).toBe('needs_check');
    // A Date before 1970 (a clock reset) tells no time either.
    const reset = machine.learn({}, 'slot', key, answer(201, key, undefined, 'Wed, 31 Dec 1969 23:00:00 GMT')).slot;
    expect(reset?.dated).toBe(false);
  });

  it('an error answer proves nothing either way, echo or not', () => {
    expect(learnt(undefined, answer(502, key))).toBeUndefined();
    expect(learnt({ honours: true }, answer(500, null))).toEqual({ honours: true });
  });

  it('a key is resent only while the service still keeps it, with a minute to spare', () => {
    const lifetime = machine.DEFAULT_KEY_LIFETIME_MS;
    const sent = {
      ...sending(only(queue('Rex')), undefined, SHOP, 0),
      state: 'queued' as const,
      reached: true,
    };
    expect(sending(sent, HONOURS, SHOP, lifetime - 120_000).state).toBe('sending');
    expect(sending(sent, HONOURS, SHOP, lifetime).state).toBe('needs_check');
    // A success since it was queued came back without its key (a gateway put in front): no resend, the clerk checks.
    expect(sending(sent, { honours: false }, SHOP, 1_000).state).toBe('needs_check');
    expect(sending(sent, { honours: true, keyLifetimeMs: 2 * lifetime }, SHOP, lifetime).state).toBe('sending');
    expect(sending({ ...sent, reached: false }, undefined, SHOP, 10 ** 12).state).toBe('sending');
  });

  it('"Send again" at the check keeps the key, and its age unless the key is known forgotten: never back to the check', () => {
    const lifetime = machine.DEFAULT_KEY_LIFETIME_MS;
    const checked = {
      ...sending(only(queue('Rex')), undefined, SHOP, 1_000),
      state: 'needs_check' as const,
      reached: true,
    };
    // Within the lifetime, or the service's time unknown: the same key, as old as it is (resent while it is kept).
    for (const serviceNow of [lifetime - 120_000, undefined]) {
      const again = machine.sendAgain(checked, 1, press(serviceNow));
      expect(again).toMatchObject({ key: checked.key, firstSentAt: 1_000, reached: true });
      expect(sending(again, HONOURS, SHOP, lifetime + 1_000).state).toBe('needs_check');
    }
    // Pressed where keys are not honoured: the clerk's word sends it (its key may create it again, as the clerk saw).
    const dropped = machine.sendAgain(checked, 1, press(1_000, SHOP, { honours: false }));
    expect(sending(dropped, { honours: false }, SHOP, 2_000).state).toBe('sending');
    // Pressed once the service may have forgotten it, or first sent before its time was known (0): the same key (a
    // new one is never safer), its age starting at this send, so it goes and is not sent back to the check.
    const forgotten = machine.sendAgain(checked, 1, press(lifetime + 1_000));
    const unknown = machine.sendAgain({ ...checked, firstSentAt: 0 }, 1, press(1_000));
    for (const again of [forgotten, unknown]) {
      expect(again).toMatchObject({ key: checked.key, reached: true, firstSentAt: undefined });
      expect(sending(again, undefined, SHOP, lifetime + 1_000)).toMatchObject({
        state: 'sending',
        key: checked.key,
        firstSentAt: lifetime + 1_000,
      });
    }
  });

  it('a key’s age is judged by the service’s clock, and only once the service has told its time', () => {
    const lifetime = machine.DEFAULT_KEY_LIFETIME_MS;
    const inDoubt = (serviceNow?: number) => ({
      ...sending(only(queue('Rex')), undefined, SHOP, serviceNow),
      state: 'queued' as const,
      reached: true,
    });
    // Its service's time not known yet in this run: left as it is, neither sent nor set before the clerk.
    const waiting = inDoubt(1_000);
    expect(sending(waiting, undefined, SHOP, undefined)).toBe(waiting);
    // First sent before its service had told its time: as old as can be, so the clerk checks.
    const monday = Date.parse('2026-11-30T09:00:00Z');
    expect(sending(inDoubt(undefined), undefined, SHOP, monday).state).toBe('needs_check');
    // Tried before without reaching the service: the key's life starts at the send that may reach it.
    const neverReached = { ...inDoubt(undefined), reached: false };
    expect(sending(neverReached, undefined, SHOP, lifetime)).toMatchObject({ firstSentAt: lifetime });
  });

  it('a first send timed by the counter’s clock (a service with no Date) is aged only within that stretch of it', () => {
    const inDoubt = {
      ...sending(only(queue('Rex')), undefined, SHOP, 1_000, 'friday'),
      state: 'queued' as const,
      reached: true,
    };
    // The same stretch: aged by it. Another (the clock was stepped since), or the service's own: its age is unknown.
    expect(sending(inDoubt, HONOURS, SHOP, 60_000, 'friday').state).toBe('sending');
    expect(sending(inDoubt, HONOURS, SHOP, 60_000, 'monday').state).toBe('needs_check');
    expect(sending(inDoubt, HONOURS, SHOP, 60_000).state).toBe('needs_check');
    // A first send on the service's clock, aged on Monday by the counter's: as unknown.
    const dated = {
      ...sending(only(queue('Rex')), undefined, SHOP, 1_000),
      state: 'queued' as const,
      reached: true,
    };
    expect(sending(dated, HONOURS, SHOP, 60_000, 'monday').state).toBe('needs_check');
    // "Send again" at that check: its age starts at this send, so it goes and is not sent back to the check.
    const checked = { ...inDoubt, state: 'needs_check' as const };
    const again = machine.sendAgain(checked, 1, { ...press(60_000), stretch: 'monday' });
    expect(again).toMatchObject({ key: checked.key, firstSentAt: undefined });
    expect(sending(again, undefined, SHOP, 60_000, 'monday')).toMatchObject({
      state: 'sending',
      firstSentAt: 60_000,
      firstSentStretch: 'monday',
    });
  });

  it('one that may exist goes to no other address or key, which never saw it: the clerk checks; one never sent follows', () => {
    const sent = {
      ...sending(only(queue('Rex')), undefined, SHOP, 0),
      state: 'queued' as const,
      reached: true,
    };
    for (const elsewhere of ['https://gateway.example/v1 key-1', 'https://shop.example/v1 key-2']) {
      expect(sending(sent, honours, elsewhere, 1).state).toBe('needs_check');
      expect(sending({ ...sent, reached: false }, honours, elsewhere, 1)).toMatchObject({
        state: 'sending',
        sentTo: elsewhere,
      });
    }
    // The clerk checked and sends it again: it goes where the environment's requests go now, with its own key (the
    // same key is never less safe than a new one), its age starting at that send, not back to the check.
    const checked = machine.sendAgain(
      { ...sent, state: 'needs_check' },
      2,
      press(2, 'https://gateway.example/v1 key-1'),
    );
    expect(checked).toMatchObject({ key: sent.key, reached: true });
    expect(sending(checked, honours, 'https://gateway.example/v1 key-1', 3)).toMatchObject({
      state: 'sending',
      key: sent.key,
      firstSentAt: 3,
    });
  });
});

describe('what the screens see of an animal in the outbox', () => {
  it('its animal, state and outcome, never its key nor where and when its requests went', () => {
    const item = { ...only(queue('Rex')), known: ['9'], confirmed: true as const, answered: '8' };
    const failed = machine.failed(sending(item, HONOURS, SHOP, 1_000, 'friday'), badRequest, true, 2_000);
    const view = machine.toView(failed);
    expect(view).toEqual({
      id: item.id,
      environmentId: 'demo',
      pet: item.pet,
      state: 'needs_attention',
      check: 'rejected',
      createdAt: item.createdAt,
      attempts: 1,
      lastError: badRequest.error,
    });
    expect(JSON.stringify(view)).not.toContain(item.key);
  });
});
