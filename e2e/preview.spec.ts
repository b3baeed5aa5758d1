import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures';
import { screens } from './support/screens';

/** A raw request, so the Host and Origin headers can be what an attacker would send. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A request with repeated headers, which Node's client would otherwise fold. */
function rawHeaders(origin: string, headers: string[], method = 'GET'): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}/ipc/getSettings`, { method, headers, setHost: false }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0 });
      });
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

test.beforeEach(() => {
  // The preview's HTTP bridge is what these check; the Electron shell has no HTTP server (its IPC check: shell-wiring.test.ts).
  test.skip(test.info().project.name !== 'chromium', 'the web preview is the browser project’s transport');
});

test('the web preview answers only its own page: token, loopback Host and same origin required', async ({
  petstore,
}) => {
  const preview = petstore.preview;
  if (!preview) throw new Error('no preview');
  const { origin, token } = preview;
  const ipc = (headers: Record<string, string>) =>
    raw(`${origin}/ipc/getSettings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  expect((await raw(`${origin}/`)).status).toBe(401);
  expect((await raw(`${origin}/?token=guess`)).status).toBe(401);
  expect((await raw(`${origin}/events?token=guess`)).status).toBe(401);
  expect((await ipc({})).status).toBe(401);
  expect((await ipc({ 'x-petstore-token': 'guess' })).status).toBe(401);
  // DNS rebinding: a remote name that resolves to 127.0.0.1 still sends its own Host.
  expect((await ipc({ 'x-petstore-token': token, host: 'evil.example:80' })).status).toBe(403);
  expect((await ipc({ 'x-petstore-token': token, origin: 'https://evil.example' })).status).toBe(403);
  expect((await raw(`${origin}/assets/../../package.json`)).status).toBe(404);

  const answer = await ipc({ 'x-petstore-token': token });
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ ok: true, value: { selected: 'demo' } });
  expect(answer.body).not.toContain(petstore.service.apiKey);

  // A request that shows the guard one Host and a proxy another is refused; so is a second token.
  expect((await rawHeaders(origin, ['Host', `127.0.0.1:${new URL(origin).port}`, 'Host', 'evil.example'])).status).toBe(
    400,
  );
  const host = ['Host', `127.0.0.1:${new URL(origin).port}`];
  const tokens = [...host, 'x-petstore-token', token, 'x-petstore-token', 'guess'];
  expect((await rawHeaders(origin, [...tokens, 'content-type', 'application/json'], 'POST')).status).toBe(400);
  // Only exactly application/json reaches the core.
  expect((await ipc({ 'x-petstore-token': token, 'content-type': 'application/jsonp' })).status).toBe(415);
  // The bridge's first calls in one request: the same guard, and only the contract's methods.
  const batch = (headers: Record<string, string>, names: string[]) =>
    raw(`${origin}/ipc-batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(names),
    });
  expect((await batch({}, ['getSettings'])).status).toBe(401);
  expect((await batch({ 'x-petstore-token': token }, ['getSettings', 'toString'])).status).toBe(400);
  const first = await batch({ 'x-petstore-token': token }, ['getSettings', 'getOutbox']);
  expect(JSON.parse(first.body)).toMatchObject({ getSettings: { ok: true }, getOutbox: { ok: true } });
  // Bad paths, directories and malformed encodings are plain 404s, never a 500 with a stack.
  for (const path of ['/%E0%A4%A', '/%', '/assets', '/assets/', '/..%2fpackage.json', '/nope.js']) {
    const answer = await raw(`${origin}${path}`);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).toBe('Not found');
  }

  const page = await raw(`${origin}/?token=${token}`);
  expect(page.body).toMatch(/<script src="\/preview-bridge\.js"[^>]*><\/script>[\s\S]*<script type="module"/);
  expect(page.body).not.toMatch(/<script>(?!<)/);
});

test('the preview asks for what the app needs first while the app loads, yet the app never starts on an answer older than a change it missed', async ({
  petstore,
}) => {
  const { preview, service } = petstore;
  if (!preview) throw new Error('no preview');
  const page = await petstore.page.context().newPage();
  // The app's script is held back, so the bridge's early answers are in before the app listens to anything.
  let release: (value: unknown) => void = () => undefined;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The catalogue, the settings, the outbox and the status, asked for in one request.
  const early = page.waitForResponse((response) => response.url().endsWith('/ipc-batch'));
  await page.goto(preview.url, { waitUntil: 'commit' });
  await early;

  // The shop changes, the catalogue syncs and the clerk's language is chosen elsewhere while the app is not
  // listening yet: their events pass the bridge.
  await service.add({ name: 'Late Arrival', categoryId: 1 });
  await preview.core.invoke('setPreferences', { preferences: { language: 'de' } });
  // The page's bridge (in before the app's script) hears the sync's end over the event stream too.
  await page.evaluate(`void (window.__synced = new Promise((resolve) => {
    const stop = window.petstore.onCatalogue((meta) => {
      if (meta.state !== 'fresh') return;
      stop();
      resolve(true);
    });
  }))`);
  await preview.core.invoke('refreshCatalogue', {});
  // The events' way to the page over loopback: the language's came first.
  await page.evaluate('window.__synced');
  release(null);
  const count = (await service.allPets()).length;
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(screens(page).summary()).toHaveText(new RegExp(`^${String(count)}\\D`));
});

test('the first rows are drawn with the clerk’s category names, asked for with the rest of the first screen', async ({
  petstore,
}) => {
  const { preview } = petstore;
  if (!preview) throw new Error('no preview');
  const page = await petstore.page.context().newPage();
  // The first row's category as it is first drawn (a later redraw would be a flicker the clerk sees).
  await page.addInitScript(`new MutationObserver((_, observer) => {
    const cell = document.querySelector('table.pets tbody tr td.col-category');
    if (!cell) return;
    window.__firstCategory = cell.textContent;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });`);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/ipc(-batch|\/)/.test(request.url())) asked.push(new URL(request.url()).pathname);
  });
  await page.goto(preview.url);
  await expect(screens(page).rows().first()).toBeVisible();
  const [first] = await screens(page).rows().first().locator('td.col-category').allTextContents();
  expect(first).toMatch(/^[A-Z][a-z ]+ \(\d+\)$/);
  expect(await page.evaluate('window.__firstCategory')).toBe(first);
  expect(asked).not.toContain('/ipc/getCategories');
});

test('a change made before a page’s event stream opens reaches the page once it opens', async ({ petstore }) => {
  const { preview } = petstore;
  if (!preview) throw new Error('no preview');
  const page = await petstore.page.context().newPage();
  // The page's event stream is held back; its first requests go out, and are answered, all the same.
  let release: (value: unknown) => void = () => undefined;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/events\?/, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/ipc-batch'));
  await page.goto(preview.url, { waitUntil: 'commit' });
  // Answered, so the server knows the page, and the first answers hold the language from before the change.
  await answered;
  // Chosen elsewhere while the page has no stream: the server keeps the event for the page until the stream opens.
  await preview.core.invoke('setPreferences', { preferences: { language: 'de' } });
  release(null);
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
});

test('the page names the chunk of the language it will show, and it is fetched once, beside the app’s script', async ({
  petstore,
}) => {
  const { preview } = petstore;
  if (!preview) throw new Error('no preview');
  await preview.core.invoke('setPreferences', { preferences: { language: 'fr' } });
  const page = await petstore.page.context().newPage();
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(en|de|fr|es|pseudo)-[^/]+\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname);
  });
  const served = await page.goto(preview.url);
  expect(await served?.text()).toMatch(/<link rel="modulepreload" crossorigin href="\.\/assets\/fr-[^"]+\.js">/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // Asked for once: the page's hint and the app's own import are one request.
  expect(chunks.filter((chunk) => chunk.startsWith('/assets/fr-'))).toHaveLength(1);
});
