import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanups, folder, invoker, service, value } from './test-support/harness';
import { createCore, type Core, type Logger } from './index';
import { memorySecrets } from './test-support';
import { refreshed } from './test-support/catalogue';
import { forward, startRelay } from './test-support/relay';

/**
 * The canary run: a key no other test uses, a service that echoes whatever key it is sent in its bodies and
 * headers, and a clerk who tries the key, saves it, adds animals, exports the list and restarts the app. Not
 * one byte of the key may be found afterwards in any file the app wrote, the log included.
 */

/** Every form a key can take in a file: plain, base64 (any alignment, via its core), base64url, hex, percent-encoded. */
function formsOf(key: string): string[] {
  const bytes = Buffer.from(key);
  return [
    key,
    bytes.toString('base64').slice(0, -4),
    bytes.toString('base64url').slice(0, -4),
    Buffer.concat([Buffer.from('x'), bytes])
      .toString('base64')
      .slice(4, -4),
    Buffer.concat([Buffer.from('xy'), bytes])
      .toString('base64')
      .slice(4, -4),
    bytes.toString('hex'),
    encodeURIComponent(key).replaceAll('-', '%2D'),
  ];
}

/** Every file under `dir`, with how often any form of `key` occurs in it. */
function occurrences(dir: string, key: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    let text: string;
    try {
      text = readFileSync(join(dir, name)).toString('latin1');
    } catch {
      continue; // a folder
    }
    found[name] = formsOf(key).reduce((sum, form) => sum + text.split(form).length - 1, 0);
  }
  return found;
}

/** A log that writes every line to a file in the data folder, as electron-log does beside the app's data. */
function fileLogger(path: string): Logger {
  const write =
    (level: string) =>
    (...parts: unknown[]) => {
      appendFileSync(path, `${level} ${parts.map(String).join(' ')}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

type Answer = (response: ServerResponse, key: string) => void;

/**
 * The reference service behind a relay that echoes the key it is sent: in every answer's headers, in a next
 * link under the service's own address, and — while `answers` holds replies for a key test — in the bodies
 * and content types of those replies.
 */
async function echoingService(key: string) {
  const upstream = await service({ apiKeys: [key] });
  const answers: Answer[] = [];
  // Replies for the next adds only: the sync the network's return starts may ask its pages first.
  const adds: Answer[] = [];
  const relay = await startRelay(async (request, response) => {
    const sent = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const echo = { 'x-echo': sent, 'www-authenticate': `Bearer realm="${sent}"` };
    const scripted = (request.method === 'POST' ? adds.shift() : undefined) ?? answers.shift();
    if (scripted) {
      for (const [name, text] of Object.entries(echo)) response.setHeader(name, text);
      scripted(response, sent);
      return;
    }
    const answer = await forward(upstream.url, request, ['content-type', 'idempotency-key']);
    response.writeHead(answer.status, {
      ...echo,
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      link: `<${relay.url}/pets?limit=5&echo=${encodeURIComponent(sent)}>; rel="next"`,
    });
    response.end(answer.text);
  });
  cleanups.push(() => relay.close());
  return { url: relay.url, answers, adds };
}

describe('the canary: a key echoed back by its service is written nowhere', () => {
  it('after a key test, an add, an export and a restart, no file the app wrote holds the key in any form', async () => {
    const key = `canary-${randomUUID()}`;
    const dataDir = folder();
    const logPath = join(dataDir, 'logs', 'main.log');
    const echoing = await echoingService(key);
    const secrets = memorySecrets();
    const start = async (): Promise<Core> => {
      const core = await createCore({
        dataDir,
        fetch,
        secrets,
        logger: fileLogger(logPath),
        appVersion: '0.1.0-canary',
        requestTimeoutMs: 2000,
        saveFile: (name, contents) => {
          const path = join(dataDir, name);
          writeFileSync(path, contents);
          return Promise.resolve(path);
        },
      });
      cleanups.push(() => core.close());
      return core;
    };
    mkdirSync(join(dataDir, 'logs'));

    const first = await start();
    value(await first.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: echoing.url }));
    value(await first.invoke('selectEnvironment', { environmentId: 'staging' }));

    // "Test and save", against a service that repeats the key wherever it can.
    echoing.answers.push(
      (response, sent) => {
        response.writeHead(200, { 'content-type': `text/plain; echo=${sent}` });
        response.end(`you sent ${sent}`);
      },
      (response, sent) => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'bad_request', message: `unknown key ${sent}`, status: 400 }));
      },
      (response, sent) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify([{ id: sent, name: sent, categoryId: 1 }]));
      },
      (response) => {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"code":"unauthorized","message":"no","status":401}');
      },
    );
    const tried = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      tried.push(await first.invoke('testApiKey', { environmentId: 'staging', apiKey: key }));
    }
    expect(tried.map((result) => (result.ok ? 'ok' : result.error.reason))).toEqual([
      'unreadable_answer',
      'values_refused',
      'unreadable_answer',
      'key_refused',
    ]);
    // Then it works, and the clerk saves it.
    value(await first.invoke('testApiKey', { environmentId: 'staging', apiKey: key }));
    value(await first.invoke('setApiKey', { environmentId: 'staging', apiKey: key }));

    // Adds, the catalogue (its pages with their echoing next links) and the export of what it shows.
    for (const name of ['Canary One', 'Canary Two']) {
      value(await first.invoke('createPet', { pet: { name, categoryId: '1' } }));
    }
    // One more, queued while offline and refused by the service in words that repeat the key: kept on disk.
    first.setPlatformOnline(false);
    value(await first.invoke('createPet', { pet: { name: 'Canary Refused', categoryId: '1' } }));
    echoing.adds.push((response, sent) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'bad_request', message: `refused for ${sent}`, status: 400 }));
    });
    first.setPlatformOnline(true);
    // ~25 ms on a quiet machine; a loaded one (the crash test's children beside it) took over the default second.
    await expect
      .poll(async () => value(await first.invoke('getOutbox', {})).items.map((item) => item.check), { timeout: 10_000 })
      .toContain('rejected');
    // Not even for a while: the refusal's words are kept on disk and shown without the key, before any restart.
    expect(Object.values(occurrences(dataDir, key)).reduce((sum, count) => sum + count, 0)).toBe(0);
    expect(JSON.stringify(value(await first.invoke('getOutbox', {})))).not.toContain(key);
    const list = await refreshed({ invoke: invoker(first) });
    expect(list.pets.map((pet) => pet.name)).toEqual(expect.arrayContaining(['Canary One', 'Canary Two']));
    // Nor does the page get it back, in a next link or anywhere else.
    expect(JSON.stringify(list)).not.toContain(encodeURIComponent(key));
    const csv = ['id,name', ...list.pets.map((pet) => `${pet.id},${pet.name}`)].join('\r\n');
    expect(value(await first.invoke('saveExport', { fileName: 'animals.csv', contents: csv })).outcome).toBe('saved');
    expect(JSON.stringify(tried)).not.toContain(key);
    await first.close();

    // A restart over the same data folder and keychain: the key still works, and the outbox came back.
    const second = await start();
    const again = await refreshed({ invoke: invoker(second) });
    expect(again.state).toBe('fresh');
    const kept = value(await second.invoke('getOutbox', {})).items.find((item) => item.check === 'rejected');
    expect(kept?.lastError?.params).toEqual({ serviceSaid: 'refused for [redacted]' });
    await second.close();

    const found = occurrences(dataDir, key);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['settings.json', 'outbox.jsonl', 'animals.csv', join('logs', 'main.log')]),
    );
    expect(Object.keys(found).filter((name) => name.startsWith('catalogue-'))).not.toEqual([]);
    expect(readFileSync(logPath, 'utf8')).toContain('[redacted]');
    expect(Object.values(found).reduce((sum, count) => sum + count, 0)).toBe(0);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, 0])));
  });
});
