import type { Handlers, HandlerContext } from './context';

export function outboxHandlers({
  outbox,
}: HandlerContext): Pick<Handlers, 'getOutbox' | 'retryOutboxItem' | 'discardOutboxItem'> {
  return {
    getOutbox: () => outbox.snapshot(),
    retryOutboxItem: ({ id }) => outbox.retry(id),
    discardOutboxItem: ({ id }) => outbox.discard(id),
  };
}
