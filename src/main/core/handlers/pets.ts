import type { Handlers, HandlerContext } from './context';

export function petHandlers(context: HandlerContext): Pick<Handlers, 'createPet'> {
  const { settings, calls, outbox } = context;
  return {
    createPet: ({ pet }) => {
      const environmentId = settings.current.selected;
      // No key is an error to show, never a reason to queue.
      calls.client(environmentId);
      // Every add goes through the outbox with its own Idempotency-Key; an unsure outcome stays there.
      return outbox.add(environmentId, pet);
    },
  };
}
