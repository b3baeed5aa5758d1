/** The outbox stories' set-up: the reference service behind a gateway (or a relay of the story's own) and a counter
 * opened on it, and the moves those stories make again and again. For tests only. */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, vi } from 'vitest';
import type { RunningServer } from '../../../server';
import type { OutboxItem } from '../../../shared';
import type { CoreOptions } from '../index';
import { refreshed, synced } from '../test-support/catalogue';
import { startFaultProxy, type FaultProxy } from '../test-support/fault-proxy';
import {
  SHOP,
  allPets,
  cleanups,
  folder,
  openCore,
  outboxOf,
  service,
  storedItems,
  type Harness,
} from '../test-support/harness';
import { forward, passBack, startRelay, type RelayedRequest } from '../test-support/relay';

type Invoker = Pick<Harness, 'invoke'>;

/** A counter opened on `line` (a gateway, a relay) in `dataDir`; the line closes after the test. */
export function openBehind(
  line: { url: string; close: () => Promise<void> },
  dataDir = folder(),
  extra: Partial<CoreOptions> = {},
): Promise<Harness> {
  cleanups.push(() => line.close());
  return openCore(dataDir, line.url, extra);
}

/** A shop of 250 (or as `shop` says) behind a gateway that passes keys on, or not (`ignoreKeys`), and a counter. */
export async function shopBehindGateway(
  ignoreKeys: boolean,
  options: { shop?: Parameters<typeof service>[0]; core?: Partial<CoreOptions>; dataDir?: string } = {},
) {
  const { dataDir = folder() } = options;
  const running = await service({ initialPets: SHOP, ...options.shop });
  const gateway = await startFaultProxy(running.url, { ignoreKeys });
  const harness = await openBehind(gateway, dataDir, options.core);
  return { running, gateway, harness, dataDir };
}

/** A shop of 250 behind a gateway that drops keys (an add whose answer is lost waits for the clerk's check), synced;
 * Biscuit, added from here, is #251, and the list has it. */
export async function biscuitSent() {
  const shop = await shopBehindGateway(true);
  await synced(shop.harness);
  expect(await shop.harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } })).toMatchObject({
    outcome: 'created',
    pet: { id: '251' },
  });
  await refreshed(shop.harness);
  return shop;
}

/** The shop at `before`'s address started again with these animals (a backup put back, a row renamed). */
export async function startedAgain(before: RunningServer, initialPets = SHOP): Promise<RunningServer> {
  await before.close();
  return service({ initialPets, port: Number(new URL(before.url).port) });
}

/** Rex added and created (where keys pass, his answer proves them honoured, and tells the service's time). */
export async function rexCreated(harness: Invoker): Promise<void> {
  expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
}

/** Lunch added: it reaches the service and the gateway loses its answer; it waits in the outbox with its key. */
export async function lunchLost(harness: Invoker, gateway: FaultProxy): Promise<void> {
  await gateway.next('dropped');
  expect(await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
    outcome: 'queued',
  });
}

/**
 * Friday at a shop of 250 that honours keys, on `now`'s clock (the counter's and the service's): Rex is created (the
 * proof), Lunch reaches the service and her answer is lost, and the app is closed. `key`: Lunch's.
 */
export async function lunchLostOnFriday(now: () => number, core: Partial<CoreOptions> = {}) {
  const { running, gateway, harness, dataDir } = await shopBehindGateway(false, {
    shop: { now },
    core: { now, ...core },
  });
  await rexCreated(harness);
  await lunchLost(harness, gateway);
  await harness.core.close();
  const key = storedItems(dataDir).find((one) => one.pet.name === 'Lunch')?.key ?? '';
  return { running, gateway, dataDir, key };
}

export const itemNamed = async (harness: Invoker, name: string) =>
  (await outboxOf(harness)).find((item) => item.pet.name === name);

/** Its state as the drawer tells it, 'absent' where there is none. */
export const told = (item: OutboxItem | undefined): string =>
  item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';

export const stateOf = async (harness: Invoker, name: string): Promise<string> => told(await itemNamed(harness, name));

/** The rows the outbox holds its sent animals as. */
export const sentRows = async (harness: Invoker) =>
  (await outboxOf(harness)).filter((item) => item.state === 'sent').map((item) => item.created?.id);

/** Bella's add, passed on only after the counter's timeout (1 s here, 10 s in the app): the service, under load,
 * creates her half a second after the counter stopped waiting, and the answer is lost. Returns as her add waits.
 * `route` may answer any other request itself (true when it did); `core` as openCore's. */
export async function bellaAddLost(
  options: {
    route?: (request: RelayedRequest, response: ServerResponse, upstream: string) => Promise<boolean>;
    core?: Partial<CoreOptions>;
  } = {},
) {
  const running = await service({ initialPets: SHOP });
  let posts = 0;
  const relay = await startRelay(async (request, response) => {
    if (request.method === 'POST' && (posts += 1) === 1) {
      await sleep(1500);
      await forward(running.url, request);
      return void response.socket?.destroy();
    }
    if (await options.route?.(request, response, running.url)) return;
    passBack(response, await forward(running.url, request));
  });
  const harness = await openBehind(relay, folder(), options.core);
  const outcome = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '3' } });
  if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
  const { id } = outcome.item;
  const bella = async () => (await outboxOf(harness)).find((one) => one.id === id);
  const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Bella');
  /** Her row, once the service has created her. */
  const created = async () => {
    await vi.waitFor(async () => expect(await onService()).toHaveLength(1), { timeout: 5000 });
    const [made] = await onService();
    if (!made) throw new Error('Bella is not on the service');
    return made;
  };
  return { running, harness, id, bella, onService, created };
}

/** Bella's add lost as {@link bellaAddLost} tells it, her check's rows looked up before the service created her. */
export async function bellaCreatedAfterTheCheck(options: Parameters<typeof bellaAddLost>[0] = {}) {
  const lost = await bellaAddLost(options);
  await vi.waitFor(async () => expect((await lost.bella())?.matches).toBeDefined(), { timeout: 10_000, interval: 50 });
  return { ...lost, made: await lost.created() };
}

/** The clerk presses what the drawer offers for Bella (her row, or send again): she is sent, and one Bella is on the
 * service. */
export async function pressedWhatTheDrawerOffers({
  harness,
  id,
  bella,
  onService,
}: Pick<Awaited<ReturnType<typeof bellaAddLost>>, 'harness' | 'id' | 'bella' | 'onService'>): Promise<void> {
  const offered = (await bella())?.matches?.pets ?? [];
  await harness.invoke(offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem', { id });
  await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
  expect(await onService()).toHaveLength(1);
}
