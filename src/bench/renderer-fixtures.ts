/**
 * In-page scripts for the renderer bench, kept as plain JavaScript text:
 * they run in Chromium, and functions written here would be transformed by
 * the TypeScript loader before Playwright serialises them.
 */

/**
 * A stand-in `window.petstore` answering at once from memory (100 animals
 * per status). The bench measures the renderer, not the core or the network,
 * so a fake is the honest tool here. `mode: 'load'` leaves listPets pending
 * forever, so "first rows" can only be the cached ones.
 */
export function fakePetstoreScript(mode: 'switch' | 'load'): string {
  return `(() => {
  const ids = { available: 1, pending: 1000, sold: 2000 };
  const pets = (status) => Array.from({ length: 100 }, (_, i) => ({
    id: String(ids[status] + i), name: status + ' animal ' + i, categoryId: String(i % 7), status,
  }));
  const list = (query, source) => ({
    environmentId: 'demo', query, pets: pets(query.status || 'available'), source, fetchedAt: 0, ageMs: 0,
  });
  const ok = (value) => Promise.resolve({ ok: true, value });
  const environment = (id, label) => ({ id, label, baseUrl: 'https://bench.invalid/v1', hasKey: true, managed: false });
  const settings = {
    environments: [environment('production', 'Production'), environment('staging', 'Staging'), environment('demo', 'Demo (local)')],
    selected: 'demo',
    lastQuery: { limit: 100 },
    policy: { updatesEnabled: true, demoHidden: false },
  };
  const never = () => () => {};
  window.petstore = {
    getStatus: () => ok({ version: 'bench', connectivity: { online: true, pending: 0, sending: false, service: { health: 'online' } }, notices: [] }),
    getSettings: () => ok(settings),
    getOutbox: () => ok({ items: [] }),
    getDeprecationNotice: () => ok({ removalDate: '2030-12-05', daysLeft: 1000, replacement: 'the list', mode: 'service' }),
    getCachedPets: ({ query }) => ok(list(query, 'cache')),
    listPets: ({ query }) => ${mode === 'load' ? 'new Promise(() => {})' : "ok(list(query, 'network'))"},
    onSettings: never, onConnectivity: never, onOutbox: never, onNotice: never,
  };
  window.__firstRowsAt = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('table.pets tbody tr')) {
      document.body.offsetHeight;
      window.__firstRowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();`;
}

/**
 * The baseline: the same table built with plain DOM calls, from the same
 * fake, with the app's own stylesheet; `__switch(status)` is its filter.
 */
export const BASELINE_SCRIPT = `(() => {
  const render = (list) => {
    let table = document.querySelector('table.pets');
    if (!table) {
      table = document.createElement('table');
      table.className = 'pets';
      table.innerHTML = '<thead><tr><th>Id</th><th>Name</th><th>Category</th><th>Status</th></tr></thead><tbody></tbody>';
      document.getElementById('app').append(table);
    }
    const rows = list.pets.map((pet) => {
      const row = document.createElement('tr');
      for (const [text, cls] of [[pet.id, 'num'], [pet.name, ''], [pet.categoryId, 'num']]) {
        const cell = document.createElement('td');
        if (cls) cell.className = cls;
        cell.textContent = text;
        row.append(cell);
      }
      const cell = document.createElement('td');
      const badge = document.createElement('span');
      badge.className = 'badge badge-' + pet.status;
      badge.textContent = pet.status;
      cell.append(badge);
      row.append(cell);
      return row;
    });
    table.tBodies[0].replaceChildren(...rows);
  };
  window.__switch = (status) =>
    window.petstore.getCachedPets({ query: { limit: 100, status } }).then((result) => render(result.value));
  window.__switch(undefined);
})();`;

/** Times one filter switch: from the trigger to 100 rows of the new status laid out. */
export function measureSwitchScript(status: string, trigger: string): string {
  return `new Promise((resolve) => {
  const done = () => {
    const rows = document.querySelectorAll('table.pets tbody tr');
    return rows.length === 100 && rows[0].querySelector('.badge')?.textContent === ${JSON.stringify(status)};
  };
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    document.body.offsetHeight;
    resolve(performance.now() - start);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  ${trigger}
})`;
}
