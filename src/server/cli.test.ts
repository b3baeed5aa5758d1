import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let dir: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-cli-'));
});
afterEach(() => {
  // A failed assertion must not leave a service running.
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run server`'s entry point as its own process, as a developer would. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, PETSTORE_API_KEYS: '', ...env },
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const listening = new Promise<string>((resolveUrl, reject) => {
    child.stdout.on('data', () => {
      // Ready once both the address and the key line are out.
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1] && /API key/.test(output)) resolveUrl(match[1]);
    });
    void exited.then(() => reject(new Error(`The service exited early:\n${output}`)));
  });
  return { child, listening, exited, output: () => output };
}

describe('npm run server', () => {
  it('makes a key on first start, shows it once, keeps data and key across a restart, and stops on SIGTERM', async () => {
    const args = ['--port', '0', '--db', join(dir, 'p.db'), '--seed', 'demo'];
    const first = runCli(args);
    const url = await first.listening;
    const key = /shown only now\): (\S+)/.exec(first.output())?.[1];
    expect(key).toMatch(/^psk_/);
    const created = await fetch(`${url}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"name":"Kept","categoryId":1}',
    });
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual([0, null]);

    const second = runCli(args);
    const secondUrl = await second.listening;
    expect(second.output()).not.toContain(key);
    const listed = await fetch(`${secondUrl}/pets?limit=100`, { headers: { authorization: `Bearer ${key}` } });
    expect(await listed.text()).toContain('"name":"Kept"');
    second.child.kill('SIGINT');
    expect(await second.exited).toEqual([0, null]);
  });

  it('takes its keys from PETSTORE_API_KEYS and makes none', async () => {
    const run = runCli(['--port', '0', '--db', join(dir, 'p.db')], { PETSTORE_API_KEYS: 'alpha,beta' });
    const url = await run.listening;
    const answer = await fetch(`${url}/pets`, { headers: { authorization: 'Bearer beta' } });
    expect(answer.status).toBe(200);
    expect(run.output()).not.toContain('psk_');
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual([0, null]);
  });

  it('refuses to share its database file with a service already running on it', async () => {
    const args = ['--port', '0', '--db', join(dir, 'p.db'), '--api-key', 'k'];
    const first = runCli(args);
    const url = await first.listening;
    const second = runCli(args);
    await expect(second.listening).rejects.toThrow(/p\.db is in use by another program/);
    expect((await second.exited)[0]).toBe(1);
    // The first one never noticed.
    expect((await fetch(`${url}/pets`, { headers: { authorization: 'Bearer k' } })).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual([0, null]);
  });

  it('explains a bad option and exits with 2', async () => {
    const run = runCli(['--port', 'abc']);
    await expect(run.listening).rejects.toThrow(/--port must be a whole number/);
    expect((await run.exited)[0]).toBe(2);
  });
});
