import type { Handlers, HandlerContext } from './context';

/** "Test and save": a key is tried on the environment's own address before the clerk stores it. */
export function keyTestHandlers({ calls }: HandlerContext): Pick<Handlers, 'testApiKey'> {
  return {
    testApiKey: async ({ environmentId, apiKey }) => {
      const started = performance.now();
      await calls.trial(environmentId, apiKey, (client) => client.listPets({ limit: 1 }));
      return { environmentId, latencyMs: Math.round(performance.now() - started) };
    },
  };
}
