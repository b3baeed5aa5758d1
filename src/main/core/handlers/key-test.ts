import type { Handlers, HandlerContext } from './context';

/** "Test and save": a key is tried on the environment's own address before the clerk stores it. */
export function keyTestHandlers({ calls, settings }: HandlerContext): Pick<Handlers, 'testApiKey'> {
  return {
    testApiKey: async ({ environmentId, apiKey }) => {
      const started = performance.now();
      // The address the trial takes now: the screen stores the key for it, whatever is saved while it is answered.
      const baseUrl = settings.baseUrl(environmentId);
      await calls.trial(environmentId, apiKey, (client) => client.listPets({ limit: 1 }));
      return { environmentId, baseUrl, latencyMs: Math.round(performance.now() - started) };
    },
  };
}
