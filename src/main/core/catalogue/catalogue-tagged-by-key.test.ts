/**
 * A gateway in front of the shop's service tags each list page with who asked for it (its ETag made of the caller's
 * key and the page's own tag, so one clerk's cached page is never another's). The copy of the shop the counter keeps
 * on disk (a data folder that is backed up, or on a share) holds no key in clear, whatever the service sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, KEY, openCore, service } from '../test-support/harness';
import { forward, passBack, startRelay } from '../test-support/relay';
import { shop, synced } from '../test-support/catalogue';

describe('a gateway whose page tags carry the caller’s key', () => {
  it('the shop’s copy in the data folder holds no key in clear', async () => {
    const running = await service({ initialPets: shop() });
    const gateway = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request, ['content-type', 'if-none-match']);
      const caller = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const headers = new Headers(answer.headers);
      const tag = headers.get('etag');
      if (tag !== null) headers.set('etag', `W/"${caller}:${tag.replace(/^W\/|"/g, '')}"`);
      passBack(response, { ...answer, headers });
    });
    const dir = folder();
    const counter = await openCore(dir, gateway.url);
    expect(await synced(counter)).toMatchObject({ count: 260, completeness: 'complete' });
    await counter.core.close();

    const written = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .filter((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8').includes(KEY))
      .map((entry) => entry.name);
    expect(written).toEqual([]);
    await gateway.close();
  });
});
