import type { Handlers, HandlerContext } from './context';

type OutboxMethods = 'getOutbox' | 'retryOutboxItem' | 'discardOutboxItem' | 'editOutboxItem' | 'confirmOutboxItem';

/** Every outbox reply is stamped, so a late one never overwrites a newer event on screen. */
export function outboxHandlers({ outbox, snapshots }: HandlerContext): Pick<Handlers, OutboxMethods> {
  return {
    getOutbox: () => snapshots.outboxView(),
    retryOutboxItem: async ({ id }) => snapshots.stamp(await outbox.sendAgain(id)),
    discardOutboxItem: async ({ id, seen }) => snapshots.stamp(await outbox.discard(id, seen)),
    editOutboxItem: async ({ id, pet }) => snapshots.stamp(await outbox.edit(id, pet)),
    confirmOutboxItem: async ({ id }) => snapshots.stamp(await outbox.confirmCreated(id)),
  };
}
