import type { Handlers, HandlerContext } from './context';

export function petHandlers(context: HandlerContext): Pick<Handlers, 'createPet'> {
  const { settings, calls, outbox, snapshots } = context;
  return {
    createPet: async ({ pet }) => {
      const environmentId = settings.current.selected;
      // No key is an error to show, never a reason to queue.
      calls.client(environmentId);
      // Every add goes through the outbox with its own Idempotency-Key; an unsure outcome stays there.
      const outcome = await outbox.add(environmentId, pet);
      // The events saying the same may reach the screen after this answer: it carries the outbox and header they say.
      return { ...outcome, outbox: snapshots.outboxView(), connectivity: snapshots.connectivityView() };
    },
  };
}
