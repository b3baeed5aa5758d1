import { AppFailure } from '../../../shared';
import { redactAppError } from '../redaction';
import type { Handlers, HandlerContext } from './context';

/** "Test and save": a key is tried on the environment's own address before the clerk stores it. */
export function keyTestHandlers({ calls }: HandlerContext): Pick<Handlers, 'testApiKey'> {
  return {
    testApiKey: async ({ environmentId, apiKey }) => {
      const started = performance.now();
      try {
        await calls.trial(environmentId, apiKey, (client) => client.listPets({ limit: 1 }));
      } catch (error) {
        // The typed key is not stored yet, so the usual redaction does not know it: the service's words may echo it.
        if (error instanceof AppFailure) throw new AppFailure(redactAppError(error.appError, [apiKey]));
        throw error;
      }
      return { environmentId, latencyMs: Math.round(performance.now() - started) };
    },
  };
}
