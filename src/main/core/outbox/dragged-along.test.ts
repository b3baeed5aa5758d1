/** An animal whose requests are always cut off backs off alone, though the waiting go oldest first: it is not dragged
 * along each time another animal falls due. Against the reference service behind a gateway that honours keys. */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { outboxOf } from '../test-support/harness';
import { rexCreated, shopBehindGateway } from './test-support';

it('one cut off alone is not sent again each time another animal, told to slow down, falls due', async () => {
  const { gateway, harness } = await shopBehindGateway(false);
  // A first add proves keys honoured.
  await rexCreated(harness);
  const posts = (name: string) => gateway.posts.filter((one) => one === name).length;
  gateway.cutOff.add('Cut');
  harness.core.setPlatformOnline(false);
  await harness.invoke('createPet', { pet: { name: 'Cut', categoryId: '2' } });
  harness.core.setPlatformOnline(true);
  await vi.waitFor(() => expect(posts('Cut')).toBe(1), { timeout: 5000 });
  const start = posts('Cut');
  // For about 7 s the clerk adds an animal every 1.4 s; the gateway says "slow down" (429, Retry-After 1) to each
  // first try, so each falls due a second later on its own.
  for (let i = 1; i <= 5; i += 1) {
    await gateway.next('busy');
    expect(await harness.invoke('createPet', { pet: { name: `Good ${String(i)}`, categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    await sleep(1400);
  }
  await vi.waitFor(async () => {
    const goods = (await outboxOf(harness)).filter((item) => item.pet.name.startsWith('Good'));
    expect(goods.every((item) => item.state === 'sent')).toBe(true);
  });
  // Its back-off (1, 2, 4 s…) allows at most three more tries in 7 s; dragged along, it went with each Good.
  expect(posts('Cut') - start).toBeLessThanOrEqual(3);
}, 30_000);
