import type { Handlers, HandlerContext } from './context';

export function outboxHandlers({
  outbox,
  snapshots,
}: HandlerContext): Pick<Handlers, 'getOutbox' | 'retryOutboxItem' | 'discardOutboxItem'> {
  return {
    getOutbox: () => snapshots.outboxView(),
    retryOutboxItem: async ({ id }) => snapshots.stamp(await outbox.retry(id)),
    discardOutboxItem: async ({ id }) => snapshots.stamp(await outbox.discard(id)),
  };
}
