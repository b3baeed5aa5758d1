import { describe, expect, it } from 'vitest';
import { redactText, redactValue } from './core/redaction';
import { createRedactionHook } from './log-redaction';

const KEY = 'demo-key-5f1c9a77';

describe('credentials never reach a log file', () => {
  it('blanks a known key wherever it appears', () => {
    expect(redactText(`request failed for key ${KEY}`, [KEY])).toBe('request failed for key [redacted]');
  });

  it.each([
    ['a header dump', 'headers: {"api_key":"s3cr3t-value"}'],
    ['a query string', 'GET https://petstore.example.com/v1/pets?api_key=s3cr3t-value&limit=5'],
    ['a bearer token', 'Authorization: Bearer s3cr3t-value'],
    ['a config line', 'apiKey=s3cr3t-value'],
  ])('blanks an unknown key in %s', (_case, text) => {
    const out = redactText(text);
    expect(out).not.toContain('s3cr3t-value');
    expect(out).toContain('[redacted]');
  });

  it('blanks credential fields inside logged objects and errors, keeping the rest readable', () => {
    const error = new Error(`401 for ${KEY}`);
    const logged = redactValue(
      { environmentId: 'demo', apiKey: KEY, nested: { headers: { 'x-api-key': 'x' } }, error },
      [KEY],
    ) as Record<string, unknown>;
    expect(logged.environmentId).toBe('demo');
    expect(logged.apiKey).toBe('[redacted]');
    expect(JSON.stringify(logged.nested)).not.toContain('"x"');
    expect((logged.error as Error).message).toBe('401 for [redacted]');
    expect((logged.error as Error).stack).not.toContain(KEY);
  });

  it('survives a circular object instead of crashing the logger', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(redactValue(loop)).toEqual({ name: 'loop', self: '[circular]' });
  });

  it('works as an electron-log hook on everything logged directly', () => {
    const hook = createRedactionHook(() => [KEY]);
    const message = { level: 'error', data: ['failed with', KEY, { apiKey: KEY }] };
    const out = hook(message);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.level).toBe('error');
  });
});
