import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server';
import { createCore, type Core } from './index';
import { capturingLogger, closedPort, sendJson, startFaultServer, tempDir } from './test-support';
import { refreshed } from './test-support/catalogue';
import { invoker } from './test-support/harness';

// Real keytar against a real Secret Service (gnome-keyring in a private D-Bus session; `npm test` starts one).
const service = `Petstore Counter test ${randomUUID()}`;

beforeAll(async () => {
  try {
    await keytar.findCredentials(service);
  } catch (error) {
    throw new Error(
      'These tests need a Secret Service. Run them with npm test, or inside dbus-run-session with gnome-keyring (README).',
      { cause: error },
    );
  }
});
afterAll(async () => {
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('API keys in the OS keychain', () => {
  it('are set, found after a restart, and cleared, one per environment; the renderer learns only whether one exists', async () => {
    const dir = tempDir();
    const open = () =>
      createCore({
        dataDir: dir.path,
        fetch,
        secrets: keytar,
        keychainService: service,
        logger: capturingLogger(),
        appVersion: '0.1.0',
      });
    try {
      const core = await open();
      const set = await core.invoke('setApiKey', { environmentId: 'staging', apiKey: '  staging-secret-1  ' });
      expect(set).toMatchObject({ ok: true });
      expect(JSON.stringify(set)).not.toContain('staging-secret-1');
      // The entry holds the key with the origin it was entered for.
      expect(JSON.parse((await keytar.getPassword(service, 'staging')) ?? '{}')).toMatchObject({
        key: 'staging-secret-1',
      });
      expect(await keytar.getPassword(service, 'production')).toBeNull();
      await core.close();

      const restarted = await open();
      const view = await restarted.invoke('getSettings', {});
      const hasKey = view.ok ? Object.fromEntries(view.value.environments.map((env) => [env.id, env.hasKey])) : {};
      expect(hasKey).toEqual({ production: false, staging: true, demo: false });

      expect(await restarted.invoke('setApiKey', { environmentId: 'demo', apiKey: 'has space' })).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input', fields: { apiKey: expect.any(String) as unknown } },
      });
      await restarted.invoke('clearApiKey', { environmentId: 'staging' });
      expect(await keytar.getPassword(service, 'staging')).toBeNull();
      await restarted.close();
    } finally {
      dir.remove();
    }
  });
});

describe('the key never leaks', () => {
  let running: RunningServer;
  const apiKey = `leak-check-${randomUUID()}`;
  const wrongKey = `wrong-${randomUUID()}`;
  beforeAll(async () => {
    running = await startServer({ port: 0, apiKeys: [apiKey], initialPets: [{ name: 'Rex', categoryId: '1' }] });
  });
  afterAll(() => running.close());

  it('appears in no file the core wrote, no log line, no result and no event', async () => {
    const dir = tempDir();
    const logger = capturingLogger();
    const seen: unknown[] = [];
    // A hostile service: it quotes the credential back (plain, base64, percent-encoded) in its 400 and 404
    // messages, and answers the catalogue's pages with 401, 500, a redirect or silence, as the test sets it.
    let pages: 'quoted' | 'refused' | 'broken' | 'redirect' | 'silent' = 'quoted';
    const echo = await startFaultServer((request, response) => {
      const credential = request.headers.authorization ?? '';
      const quoted = `${credential} ${btoa(credential)} ${encodeURIComponent(credential)}`;
      const page = (request.url ?? '').includes('/pets?') ? pages : 'quoted';
      if (page === 'refused') {
        sendJson(response, 401, '{"code":"unauthorized","message":"no","status":401}');
        return;
      }
      if (page === 'broken') {
        sendJson(response, 500, `{"code":"internal","message":"${quoted}","status":500}`);
        return;
      }
      if (page === 'redirect') {
        response.writeHead(302, { location: `http://127.0.0.1:9/steal?k=${encodeURIComponent(credential)}` });
        return response.end();
      }
      if (page === 'silent') return; // never answers: the request times out
      const status = request.method === 'POST' ? 400 : 404;
      sendJson(response, status, JSON.stringify({ code: 'bad', message: `refused ${quoted}`, status }));
    });
    let core: Core | undefined;
    try {
      core = await createCore({
        dataDir: dir.path,
        fetch,
        secrets: keytar,
        keychainService: service,
        logger,
        appVersion: '0.1.0',
        requestTimeoutMs: 500,
      });
      for (const event of ['onConnectivity', 'onOutbox', 'onSettings', 'onNotice', 'onCatalogue'] as const)
        core.on(event, (payload) => seen.push(payload));
      const run = async (method: Parameters<Core['invoke']>[0], input: unknown) => {
        const result = await (core as Core).invoke(method, input);
        seen.push(result);
        return result;
      };
      // Refresh, and the catalogue once that sync has ended, as the page would show it.
      const refresh = async () => {
        seen.push(await refreshed({ invoke: invoker(core as Core) }));
      };
      await run('setBaseUrl', { environmentId: 'demo', baseUrl: running.url });
      await run('setApiKey', { environmentId: 'demo', apiKey });
      await run('testConnection', { environmentId: 'demo' });
      await refresh();
      await run('getCatalogue', {});
      await run('createPet', { pet: { name: 'Tom', categoryId: '2' } });
      await run('lookupPet', { id: '1' });
      await run('setBaseUrl', { environmentId: 'staging', baseUrl: echo.url });
      await run('setApiKey', { environmentId: 'staging', apiKey: wrongKey });
      await run('selectEnvironment', { environmentId: 'staging' });
      await run('createPet', { pet: { name: 'Echo', categoryId: '2' } });
      await run('lookupPet', { id: '5' });
      await refresh();
      for (const answer of ['refused', 'broken', 'redirect', 'silent'] as const) {
        pages = answer;
        await refresh();
      }
      await run('selectEnvironment', { environmentId: 'demo' });
      // The demo's catalogue, read now; moving the environment to another address keeps it.
      const catalogueFiles = filesUnder(dir.path).filter((file) => /catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(file));
      expect(catalogueFiles).toHaveLength(1);
      const catalogueText = catalogueFiles.map((file) => readFileSync(file, 'utf8'));
      expect(catalogueText.join('')).toContain('Tom');
      await run('setBaseUrl', { environmentId: 'demo', baseUrl: `http://127.0.0.1:${await closedPort()}/v1` });
      // A new origin: the key is entered again for it.
      await run('setApiKey', { environmentId: 'demo', apiKey });
      await run('createPet', { pet: { name: 'Queued', categoryId: '3' } });
      await refresh();
      await run('getOutbox', {});
      await run('getStatus', {});
      await vi.waitFor(() => expect(logger.lines.some((line) => line.includes('outbox: item'))).toBe(true));
      await core.close();
      core = undefined;

      const files = filesUnder(dir.path);
      // An unchanged sync writes when it confirmed the copy beside it (read below, as every file is).
      const confirmed = files.filter((file) => /catalogue-demo-[0-9a-f]{16}\.confirmed\.json$/.test(file));
      expect(files.map((file) => file.slice(dir.path.length + 1)).sort()).toEqual([
        ...[...catalogueFiles, ...confirmed].map((file) => file.slice(dir.path.length + 1)).sort(),
        'categories.json',
        'outbox.jsonl',
        'settings.json',
      ]);
      const everything = [
        ...catalogueText,
        ...files.map((file) => readFileSync(file, 'utf8')),
        ...logger.lines,
        ...seen.map((item) => JSON.stringify(item)),
      ].join('\n');
      expect(everything).toContain('Queued');
      expect(everything).toContain('refused Bearer [redacted]');
      for (const key of [apiKey, wrongKey]) {
        // Nor a plain digest of it, which a list of likely keys would match (the outbox's are keyed by the keychain).
        const digests = (['hex', 'base64url'] as const).map((to) =>
          createHash('sha256').update(key).digest(to).slice(0, 12),
        );
        for (const form of [key, btoa(`Bearer ${key}`), btoa(key), encodeURIComponent(`Bearer ${key}`), ...digests]) {
          expect(everything).not.toContain(form);
        }
      }
    } finally {
      await core?.close();
      await echo.close();
      dir.remove();
    }
  });
});
