/** A page's kept ETag and link never outlive a write, whatever wrote and however the page is asked. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serviceForTests } from './test-support';

const VARIANTS = [
  '/pets?limit=100&after=200',
  '/pets?limit=100&status=sold&after=0',
  '/pets?status=sold',
  '/pets?limit=20',
];

describe('kept list headers', () => {
  const { call } = serviceForTests({ generatedPets: 250 });
  const pages = () =>
    Promise.all(
      VARIANTS.map(async (path) => {
        const answer = await call('GET', path);
        return { path, etag: answer.headers.get('etag') ?? '', text: answer.text, link: answer.headers.get('link') };
      }),
    );
  const conditional = (path: string, etag: string) => call('GET', path, { headers: { 'if-none-match': etag } });
  const add = (key: string, name: string) =>
    call('POST', '/pets', {
      body: JSON.stringify({ name, categoryId: 1, status: 'sold' }),
      headers: { 'idempotency-key': key },
    });
  /** A 304 for the old tag only where the page is byte for byte what it was. */
  const expectTruthful = async (old: Awaited<ReturnType<typeof pages>>) => {
    const now = await pages();
    for (const [index, page] of old.entries()) {
      const answer = await conditional(page.path, page.etag);
      const same = now[index]?.text === page.text;
      expect(answer.status, page.path).toBe(same ? 304 : 200);
      if (!same) expect(answer.text).toBe(now[index]?.text);
    }
  };

  it('an add with a key changes the tag of every page it lands on; its replay changes none', async () => {
    const before = await pages();
    const key = randomUUID();
    expect((await add(key, 'Keyed')).status).toBe(201);
    await expectTruthful(before);
    const after = await pages();
    expect(after[0]?.text).not.toBe(before[0]?.text);
    expect((await add(key, 'Keyed')).status).toBe(201);
    await expectTruthful(after);
    expect((await pages()).map((page) => page.text)).toEqual(after.map((page) => page.text));
  });

  it('a page asked with a tag it does not hold, then changed, is never answered 304 for its old tag', async () => {
    const path = '/pets?limit=100&after=200';
    const old = (await call('GET', path)).headers.get('etag') ?? '';
    expect((await conditional(path, '"stale"')).status).toBe(200);
    expect((await add(randomUUID(), 'Later')).status).toBe(201);
    const changed = await conditional(path, old);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('Later');
  });
});
