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
export function fakePetstoreScript(mode: 'switch' | 'load', savedLists = 0): string {
  return `(() => {
  const ids = { available: 1, pending: 1000, sold: 2000 };
  const pets = (status) => Array.from({ length: 100 }, (_, i) => ({
    // Names out of id order, so every sort (ascending, descending, none) moves the first row.
    id: String(ids[status] + i), name: status + ' animal ' + ((i * 37 + 11) % 100), categoryId: String(i % 7), status,
  }));
  // The saved lists of the environment: ${savedLists} lists of 100 other animals, for the search box.
  const saved = Array.from({ length: ${savedLists * 100} }, (_, i) => ({
    pet: { id: String(10000 + i), name: 'saved animal ' + i, categoryId: String(i % 7), status: 'sold' },
    fetchedAt: 0,
  }));
  window.__benchData = { shown: pets('available'), saved: saved.map((entry) => entry.pet) };
  const list = (query, source) => ({
    environmentId: 'demo', query, pets: pets(query.status || 'available'), source, fetchedAt: 0, ageMs: 0,
  });
  const ok = (value) => Promise.resolve({ ok: true, value });
  const environment = (id, label) => ({ id, label, baseUrl: 'https://bench.invalid/v1', hasKey: true, managed: false });
  const settings = {
    environments: [environment('production', 'Production'), environment('staging', 'Staging'), environment('demo', 'Demo (local)')],
    selected: 'demo',
    lastQuery: { limit: 100 },
    policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
  };
  const never = () => () => {};
  window.petstore = {
    setLanguage: () => ok(null),
    getStatus: () => ok({ version: 'bench', connectivity: { online: true, pending: 0, sending: false, service: { health: 'online' } }, notices: [] }),
    getSettings: () => ok(settings),
    getOutbox: () => ok({ items: [] }),
    getDeprecationNotice: () => ok({ removalDate: '2030-12-05', daysLeft: 1000, mode: 'service' }),
    getCachedPets: ({ query }) => ok(list(query, 'cache')),
    getSavedPets: () => ok({ environmentId: 'demo', pets: saved }),
    getCategories: () => ok({ environmentId: 'demo', categories: [] }),
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

/** The classes Svelte scoped the app's table and badge styles to. */
export interface ScopedClasses {
  table: string;
  badge: string;
}

/**
 * The baseline: the same table built with plain DOM calls, from the same
 * fake, with the app's own stylesheet; `__switch(status)` is its filter. Its
 * elements wear the app's scoped table and badge classes, so the app's own
 * rules (grid rows, content-visibility, badge colours) apply to both tables.
 */
export const baselineScript = (scoped: ScopedClasses): string => `(() => {
  const scoped = ${JSON.stringify(scoped)};
  const render = (list) => {
    let table = document.querySelector('table.pets');
    if (!table) {
      table = document.createElement('table');
      table.className = 'pets ' + scoped.table;
      table.innerHTML = '<thead><tr><th>Id</th><th>Name</th><th>Category</th><th>Status</th></tr></thead><tbody></tbody>';
      for (const part of table.querySelectorAll('thead, tbody, tr, th')) part.className = scoped.table;
      document.getElementById('app').append(table);
    }
    const rows = list.pets.map((pet) => {
      const row = document.createElement('tr');
      row.className = scoped.table;
      for (const [text, cls] of [[pet.id, 'num'], [pet.name, ''], [pet.categoryId, '']]) {
        const cell = document.createElement('td');
        cell.className = (cls + ' ' + scoped.table).trim();
        cell.textContent = text;
        row.append(cell);
      }
      const cell = document.createElement('td');
      cell.className = scoped.table;
      const badge = document.createElement('span');
      badge.className = 'badge ' + scoped.badge;
      badge.dataset.status = pet.status;
      badge.textContent = pet.status;
      cell.append(badge);
      row.append(cell);
      return row;
    });
    table.tBodies[0].replaceChildren(...rows);
  };
  window.__switch = (status) =>
    window.petstore.getCachedPets({ query: { limit: 100, status } }).then((result) => render(result.value));
  // The plain array filter and sort the app's search box and column sort are held against.
  const collator = new Intl.Collator();
  window.__search = (text) => {
    const needle = text.toLowerCase();
    const { shown, saved } = window.__benchData;
    render({ pets: [...shown, ...saved].filter((pet) => pet.id === text || pet.name.toLowerCase().includes(needle)) });
  };
  let ascending = false;
  window.__sort = () => {
    ascending = !ascending;
    const sorted = [...window.__benchData.shown].sort((a, b) => collator.compare(a.name, b.name));
    render({ pets: ascending ? sorted : sorted.reverse() });
  };
  window.__switch(undefined);
})();`;

/**
 * Times one change of the table: from the trigger until `done` (a JavaScript
 * expression, with `rows` the body rows) holds, then a forced layout.
 */
function measureUntilScript(trigger: string, prepare: string, done: string): string {
  return `new Promise((resolve) => {
  ${prepare}
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('table.pets tbody tr');
    if (!(${done})) return;
    observer.disconnect();
    document.body.offsetHeight;
    resolve(performance.now() - start);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  ${trigger}
})`;
}

/** Times one filter switch: from the trigger to 100 rows of the new status laid out. */
export function measureSwitchScript(status: string, trigger: string): string {
  return measureUntilScript(
    trigger,
    '',
    `rows.length === 100 && rows[0].querySelector('.badge')?.textContent === ${JSON.stringify(status)}`,
  );
}

/** Times one change of the rows: done when the first row's name changed and there are `count` rows. */
export function measureRowsChangeScript(trigger: string, count: number): string {
  return measureUntilScript(
    trigger,
    `const firstName = () => document.querySelector('table.pets tbody tr td:nth-child(2)')?.textContent.trim();
  const before = firstName();`,
    `rows.length === ${count} && firstName() !== before`,
  );
}

/** Types into the app's search box as a keystroke would (Svelte listens for "input"). */
export const typeIntoSearch = (text: string): string => `{
  const input = document.getElementById('quick-filter');
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event('input', { bubbles: true }));
}`;
