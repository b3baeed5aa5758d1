/**
 * In-page scripts for the renderer bench, kept as plain JavaScript text:
 * they run in Chromium, and functions written here would be transformed by
 * the TypeScript loader before Playwright serialises them.
 */

/** How many animals the fake shop holds: a large shop's whole catalogue. */
export const CATALOGUE_SIZE = 10_000;
/** The rows a screen shows: the app draws about this many of the catalogue, so the baseline draws as many. */
export const SCREENFUL = 40;

/**
 * A stand-in `window.petstore` answering at once from memory with a
 * catalogue of `CATALOGUE_SIZE` animals (statuses in turn, names out of id
 * order). The bench measures the renderer, not the core or the network, so a
 * fake is the honest tool here.
 */
export function fakePetstoreScript(): string {
  return `(() => {
  const statuses = ['available', 'pending', 'sold'];
  const pets = Array.from({ length: ${CATALOGUE_SIZE} }, (_, i) => ({
    // Names out of id order, so every sort (ascending, descending, none) moves the first row.
    id: String(i + 1), name: 'animal ' + ((i * 7919 + 11) % ${CATALOGUE_SIZE}), categoryId: String(1 + (i % 7)), status: statuses[i % 3],
  }));
  window.__benchData = { pets };
  const meta = { environmentId: 'demo', petsRevision: 1, count: pets.length, completeness: 'complete', syncedAt: Date.now(), state: 'fresh', revision: 1 };
  const ok = (value) => Promise.resolve({ ok: true, value });
  const environment = (id) => ({ id, baseUrl: 'https://bench.invalid/v1', hasKey: true, managed: false });
  const settings = {
    environments: [environment('production'), environment('staging'), environment('demo')],
    selected: 'demo',
    policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
    preferences: {},
    demoKeyKnown: false,
    revision: 1,
  };
  const never = () => () => {};
  window.petstore = {
    setLanguage: () => ok(null),
    appFocused: () => ok(null),
    getStatus: () => ok({ version: 'bench', connectivity: { online: true, sending: 0, waiting: 0, toCheck: 0, service: { health: 'online' }, revision: 1 }, notices: [], revision: 1 }),
    getSettings: () => ok(settings),
    getOutbox: () => ok({ items: [], revision: 1 }),
    getDeprecationNotice: () => ok({ removalDate: '2030-12-05', daysLeft: 1000, mode: 'service' }),
    getCatalogue: () => ok({ ...meta, pets }),
    refreshCatalogue: () => ok(meta),
    getCategories: () => ok({ environmentId: 'demo', categories: [] }),
    onSettings: never, onConnectivity: never, onOutbox: never, onNotice: never, onCatalogue: never,
  };
})();${FIRST_ROWS_SCRIPT}`;
}

/** What the page logs once its first rows are laid out. */
export const FIRST_ROWS_SIGNAL = 'bench: first rows laid out';

/**
 * Sets `window.__firstRowsAt` (ms since navigation) once the list's first row is laid out, and logs FIRST_ROWS_SIGNAL
 * (waited for, not polled: the bench's process also serves the preview).
 */
export const FIRST_ROWS_SCRIPT = `(() => {
  window.__firstRowsAt = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('table.pets tbody tr')) {
      document.body.offsetHeight;
      window.__firstRowsAt = performance.now();
      observer.disconnect();
      console.log(${JSON.stringify(FIRST_ROWS_SIGNAL)});
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The classes Svelte scoped the app's grid and badge styles to. */
export interface ScopedClasses {
  table: string;
  badge: string;
}

/**
 * The baseline: a plain array filter or sort of the same catalogue, drawing
 * the first screenful of rows with plain DOM calls. Its elements wear the
 * app's scoped grid and badge classes, so the app's own rules (fixed-height
 * grid rows, badge colours) apply to both. `__switch(status)` is its status
 * filter, `__search(text)` its search box, `__sort()` its column sort.
 */
export const baselineScript = (scoped: ScopedClasses): string => `(() => {
  const scoped = ${JSON.stringify(scoped)};
  const render = (pets) => {
    let table = document.querySelector('table.pets');
    if (!table) {
      const scroller = document.createElement('div');
      scroller.className = 'scroller ' + scoped.table;
      scroller.style.height = '800px';
      table = document.createElement('table');
      table.className = 'pets ' + scoped.table;
      table.innerHTML = '<thead><tr><th>Id</th><th>Name</th><th>Category</th><th>Status</th></tr></thead><tbody></tbody>';
      for (const part of table.querySelectorAll('thead, tbody, tr, th')) part.className = scoped.table;
      scroller.append(table);
      document.getElementById('app').append(scroller);
    }
    const rows = pets.slice(0, ${SCREENFUL}).map((pet) => {
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
  const { pets } = window.__benchData;
  window.__switch = (status) => render(pets.filter((pet) => pet.status === status));
  const collator = new Intl.Collator();
  window.__search = (text) => {
    const needle = text.toLowerCase();
    render(pets.filter((pet) => pet.id === text || pet.name.toLowerCase().includes(needle)));
  };
  let ascending = false;
  window.__sort = () => {
    ascending = !ascending;
    const sorted = [...pets].sort((a, b) => collator.compare(a.name, b.name));
    render(ascending ? sorted : sorted.reverse());
  };
  render(pets);
})();`;

/**
 * Times one change of the grid: from the trigger until `done` (a JavaScript
 * expression, with `rows` the body rows) holds, then a forced layout, whose
 * own time (style and layout) is left in `window.__layoutMs`.
 */
function measureUntilScript(trigger: string, prepare: string, done: string): string {
  return `new Promise((resolve) => {
  ${prepare}
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('table.pets tbody tr');
    if (!(${done})) return;
    observer.disconnect();
    const changed = performance.now();
    document.body.offsetHeight;
    const end = performance.now();
    window.__layoutMs = end - changed;
    resolve(end - start);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  ${trigger}
})`;
}

/** Times one filter switch: from the trigger to rows of the new status laid out. */
export function measureSwitchScript(status: string, trigger: string): string {
  return measureUntilScript(
    trigger,
    '',
    `rows.length > 0 && rows[0].querySelector('.badge')?.dataset.status === ${JSON.stringify(status)}`,
  );
}

/** Times one change of the rows: done when the first row's name changed. */
export function measureRowsChangeScript(trigger: string): string {
  return measureUntilScript(
    trigger,
    `const firstName = () => document.querySelector('table.pets tbody tr td:nth-child(2)')?.textContent.trim();
  const before = firstName();`,
    `rows.length > 0 && firstName() !== before`,
  );
}

/** Types into the app's search box as a keystroke would (Svelte listens for "input"). */
export const typeIntoSearch = (text: string): string => `{
  const input = document.getElementById('quick-filter');
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event('input', { bubbles: true }));
}`;
