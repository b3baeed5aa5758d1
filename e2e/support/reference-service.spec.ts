import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ReferenceService } from './reference-service';

// The stories that stop the shop's service and start it again keep the app on its old address.
test('the shop’s service, restarted while something else still holds its port for a moment, comes back at its address', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-restart-'));
  const service = new ReferenceService(join(dir, 'demo.db'));
  try {
    const url = await service.start();
    await service.stop();
    // Another socket takes the freed port, and lets it go half a second later.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(Number(new URL(url).port), '127.0.0.1', resolve));
    setTimeout(() => holder.close(), 500);

    expect(await service.start(), 'the service is back at its address').toBe(url);
    expect((await service.pets()).length, 'the demo shop, from its own data').toBeGreaterThan(0);
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
