import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, freshCore } from './test-support/harness';

describe('a category names file that gives one id two names (a hand edit, two backups put together)', () => {
  it('reads one name for the id, so the list, the add form and the export name it alike, and says so', async () => {
    const dataDir = folder();
    writeFileSync(
      join(dataDir, 'categories.json'),
      JSON.stringify({
        version: 1,
        labels: {
          demo: [
            { id: '1', label: 'Dogs' },
            { id: '2', label: 'Cats' },
            { id: '2', label: 'Kittens' },
          ],
        },
      }),
    );
    const core = await freshCore({ dataDir });
    const categories = await core.invoke('getCategories', {});
    // The grid names an id by its first name (categoryText), the CSV by its last (listCsv's Map): one each, or they differ.
    const ids = categories.ok ? categories.value.categories.map((category) => category.id) : [];
    expect(ids).toEqual(['1', '2']);
    // The first name stands; the second is named as not read, and the file as it was is kept beside it.
    expect(categories.ok && categories.value.categories[1]).toMatchObject({ id: '2', label: 'Cats' });
    const status = await core.invoke('getStatus', {});
    expect(status.ok && status.value.notices.map((notice) => notice.id)).toContain('corrupt-categories');
    const notice = status.ok ? status.value.notices.find((shown) => shown.id === 'corrupt-categories') : undefined;
    expect(notice?.params).toMatchObject({ parts: 'labels.demo.2' });
    expect(readdirSync(dataDir).some((file) => file.startsWith('categories.corrupt-'))).toBe(true);
  });
});
