/** The shop's gateway refuses one animal by a rule of its own (403) after this key has added animals here: the add is
 * refused as the animal's own, so the header must not say at the same moment that the key was refused. */
import { describe, expect, it } from 'vitest';
import { synced } from './test-support/catalogue';
import { rexCreated, shopBehindGateway } from './outbox/test-support';

describe('Rex added, then “Snake” refused by the gateway’s rule (403, its words), the key working all along', () => {
  it('the add panel says the animal was refused, and the header keeps saying Online, not “API key refused”', async () => {
    const { gateway, harness } = await shopBehindGateway(false);
    await synced(harness);
    await rexCreated(harness);
    gateway.forbidden.add('Snake');
    const added = await harness.core.invoke('createPet', { pet: { name: 'Snake', categoryId: '2' } });
    // The add panel: the values refused, with the gateway's words (the animal's own refusal, not the key's).
    expect(added).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', reason: 'values_refused', params: { serviceSaid: 'Rule 942100 blocked Snake.' } },
    });
    // The header beside it, at the same moment: the lists and Rex's add pass with this key. "Service error: the API
    // key was refused" (red, until the next check: 5 s, up to a minute unfocused) sends the clerk to Settings for nothing.
    const { connectivity } = await harness.invoke('getStatus', {});
    expect(connectivity.service).toEqual({ health: 'online' });
  });
});
