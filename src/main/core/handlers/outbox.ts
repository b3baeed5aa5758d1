import type { Handlers, HandlerContext } from './context';

type OutboxMethods = 'getOutbox' | 'retryOutboxItem' | 'discardOutboxItem' | 'editOutboxItem' | 'confirmOutboxItem';

export function outboxHandlers({ outbox }: HandlerContext): Pick<Handlers, OutboxMethods> {
  return {
    getOutbox: () => outbox.snapshot(),
    retryOutboxItem: ({ id }) => outbox.sendAgain(id),
    discardOutboxItem: ({ id }) => outbox.discard(id),
    editOutboxItem: ({ id, pet }) => outbox.edit(id, pet),
    confirmOutboxItem: ({ id }) => outbox.confirmCreated(id),
  };
}
