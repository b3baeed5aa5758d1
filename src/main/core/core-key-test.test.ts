import { describe, expect, it } from 'vitest';
import { faults, folder, KEY, openCore, service } from './test-support/harness';
import { redactText } from './redaction';
import { capturingLogger, memorySecrets, sendJson } from './test-support';
import { refreshed } from './test-support/catalogue';

describe('"Test and save": a key is tried before it is stored', () => {
  it('a refused key is reported and stores nothing; the stored key keeps working', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    const tried = await harness.core.invoke('testApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(tried.ok ? 'ok' : tried.error.kind).toBe('unauthorized');
    expect((await refreshed(harness)).state).toBe('fresh');
  });

  it('a key the service repeats in its refusal is not repeated to the page or the log', async () => {
    const typed = 'typed-candidate-Key-5b1e77';
    const echoing = await faults((_path, response) =>
      sendJson(response, 400, JSON.stringify({ code: 'bad_request', message: `bad key ${typed}`, status: 400 })),
    );
    const logged: string[] = [];
    const log = (...parts: unknown[]) => logged.push(parts.map(String).join(' '));
    const { core } = await openCore(folder(), echoing.url, {
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const tried = await core.invoke('testApiKey', { environmentId: 'demo', apiKey: typed });
    expect(tried).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        reason: 'values_refused',
        status: 400,
        params: { serviceSaid: 'bad key [redacted]' },
      },
    });
    expect(logged.join('\n')).not.toContain(typed);
  });

  it('a working key answers with the time it took and is still not stored until saved', async () => {
    const running = await service();
    const { invoke } = await openCore(folder(), running.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: running.url });
    const tried = await invoke('testApiKey', { environmentId: 'staging', apiKey: KEY });
    expect(tried.environmentId).toBe('staging');
    const staging = (await invoke('getSettings', {})).environments.find((item) => item.id === 'staging');
    expect(staging?.hasKey).toBe(false);
  });

  it('a key that worked in its test and is then saved reads "online" at once, not "not checked yet"', async () => {
    const running = await service();
    const { invoke } = await openCore(folder(), running.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: running.url });
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'no_key' });
    await invoke('testApiKey', { environmentId: 'staging', apiKey: KEY });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'online' });
    // Another key, not tried: nothing is known of it yet.
    await invoke('setApiKey', { environmentId: 'staging', apiKey: `${KEY}-other` });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });
  });
});

describe('a key under test is kept out of every message, like a stored one', () => {
  const candidate = 'candidate-Key-under-test-9f3c21';

  it('a service that echoes it in its Content-Type, other headers and body: not in the log, the error or a notice', async () => {
    const echoing = await faults((_path, response) => {
      response.writeHead(200, { 'content-type': `text/plain; echo=${candidate}`, 'x-echo': candidate });
      response.end(`your key is ${candidate}`);
    });
    const logger = capturingLogger();
    const { core } = await openCore(folder(), echoing.url, { logger });
    const tried = await core.invoke('testApiKey', { environmentId: 'demo', apiKey: candidate });
    expect(tried).toEqual({
      ok: false,
      error: { kind: 'invalid_response', reason: 'unreadable_answer', status: 200 },
    });
    // The failure was logged, with what was wrong, but without the header's value.
    expect(logger.lines.join('\n')).toContain('unreadable_answer (HTTP 200): a content type other than JSON');
    const everything = [...logger.lines, JSON.stringify(tried), JSON.stringify(await core.invoke('getStatus', {}))];
    expect(everything.join('\n')).not.toContain(candidate);
  });

  it('once tried, the shell’s log hook takes it out of any line too (in every form a stored key is)', async () => {
    const running = await service();
    const { core } = await openCore(folder(), running.url);
    await core.invoke('testApiKey', { environmentId: 'demo', apiKey: candidate });
    const line = `echoed ${candidate} and ${Buffer.from(`user:${candidate}`).toString('base64')}`;
    // "user:" stays readable in base64 ("dXNlcjp"); every character that depends on the key is gone.
    expect(redactText(line, core.knownSecrets())).toBe('echoed [redacted] and dXNlcjp[redacted]');
  });
});

describe('a notice never carries a key', () => {
  it('a policy notice quoting what it read loses the stored key before it reaches the page', async () => {
    const secrets = memorySecrets();
    await secrets.setPassword('notice-test', 'demo', JSON.stringify({ key: KEY, origin: 'http://127.0.0.1:1' }));
    const detail = `Unexpected token in "${KEY}"`;
    const policy = {
      path: '/etc/petstore-counter/policy.json',
      notice: { id: 'policy-file', level: 'warning' as const, reason: 'policy_not_json' as const, params: { detail } },
    };
    const { core } = await openCore(folder(), 'http://127.0.0.1:1/v1', {
      secrets,
      keychainService: 'notice-test',
      policy,
    });
    const status = await core.invoke('getStatus', {});
    expect(status.ok && status.value.notices).toContainEqual(
      expect.objectContaining({ params: { detail: 'Unexpected token in "[redacted]"' } }),
    );
  });
});

describe('one key rule for every channel that takes a key', () => {
  const hostile: [string, string][] = [
    ['a space', 'with space-0123456789'],
    ['an é', 'clé-0123456789'],
    ['a line separator (U+2028)', 'line\u2028separator-0123'],
    ['an emoji', 'cat-🐱-0123456789'],
    ['CRLF', 'key-0123\r\nX-Injected: yes'],
    ['NUL', 'key-0123\u0000456789'],
  ];

  it.each(hostile)(
    'a key with %s is refused as a field error on both channels, and never sent',
    async (_label, key) => {
      const listening = await faults((_path, response) => sendJson(response, 200, '[]'));
      const { core } = await openCore(folder(), listening.url);
      const before = listening.requests.length;
      for (const method of ['testApiKey', 'setApiKey'] as const) {
        expect(await core.invoke(method, { environmentId: 'demo', apiKey: key })).toEqual({
          ok: false,
          error: { kind: 'invalid_input', reason: 'invalid_value', fields: { apiKey: 'key_characters' } },
        });
      }
      expect(listening.requests.length).toBe(before);
      // The key stored before is still the one in use.
      expect((await core.invoke('testConnection', { environmentId: 'demo' })).ok).toBe(true);
      expect(listening.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    },
  );
});

describe('a key sent with the address it was tried at', () => {
  it('an address the app never saves (plain http to another machine) is refused, and the working key stays', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    const stored = await harness.core.invoke('setApiKey', {
      environmentId: 'demo',
      apiKey: `${KEY}-typo`,
      baseUrl: 'http://shop.example/v1',
    });
    expect(stored.ok ? 'stored' : stored.error.kind).toBe('invalid_input');
    expect((await refreshed(harness)).state).toBe('fresh');
  });
});
