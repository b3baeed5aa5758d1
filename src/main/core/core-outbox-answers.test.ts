import { describe, expect, it } from 'vitest';
import { startFaultServer } from './test-support';
import { cleanups, folder, openCore, outboxOf } from './test-support/harness';

// The outbox folder is being rewritten elsewhere: this records a fault found from outside it (see the report).
describe('an add the service answers 201 with a body the app cannot read', () => {
  it.fails(
    'is never shown as refused by the service: 201 means created, so the clerk is asked to check',
    async () => {
      const shop = await startFaultServer((request, response) => {
        // Created, its key echoed (so keys count as honoured), and an empty body.
        response.writeHead(201, {
          'content-type': 'application/json',
          'idempotency-key': String(request.headers['idempotency-key']),
        });
        response.end('');
      });
      cleanups.push(() => shop.close());
      const harness = await openCore(folder(), shop.url);
      await harness.core.invoke('createPet', { pet: { name: 'Bea', categoryId: '1' } });
      // Seen: three POSTs, each answered 201, then "needs attention" as refused by the service (check: 'rejected').
      await expect.poll(async () => (await outboxOf(harness))[0]?.state, { timeout: 15_000 }).toBe('needs_attention');
      expect((await outboxOf(harness))[0]?.check).toBe('needs_check');
    },
    20_000,
  );
});
