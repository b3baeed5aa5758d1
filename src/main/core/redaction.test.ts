import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactingLogger } from './logger';
import { redactText, redactToText, redactValue } from './redaction';
import { capturingLogger } from './test-support';

const KEY = 'prod-Key_7f3a9c21e5';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** Every way a leaked key could be read back out of a log file. */
function leaks(line: string, key: string): string[] {
  const forms = {
    plain: key,
    base64: b64(key).replace(/=+$/, ''),
    base64url: b64url(key),
    percent: encodeURIComponent(key),
    percentLower: encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    hex: Buffer.from(key).toString('hex'),
    hexBytes: Buffer.from(key)
      .toString('hex')
      .replace(/(..)(?!$)/g, '$1 '),
  };
  return Object.entries(forms)
    .filter(([, form]) => line.includes(form))
    .map(([name]) => name);
}

describe('a stored key never reaches a log line, however it is written', () => {
  it.each([
    ['plain', `using ${KEY} now`],
    ['base64', `header ${b64(KEY)}`],
    ['base64url', `token=${b64url(KEY)}.`],
    ['base64 inside Basic credentials at any alignment', `Authorization ${b64(`u:${KEY}`)} ${b64(`ab:${KEY}`)}`],
    ['percent-encoded', `GET /v1/pets?q=${encodeURIComponent(`${KEY}/&`)}`],
    ['percent-encoded with lower-case hex', `q=${KEY.replace(/[-_]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`],
    ['every character percent-encoded', Array.from(KEY, (c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['split across lines', `key: ${KEY.slice(0, 6)}\n  ${KEY.slice(6)}`],
    ['with a zero-width joiner', `key ${KEY.slice(0, 4)}\u200d${KEY.slice(4, 9)}\u200b${KEY.slice(9)}`],
    ['as a hex dump', `body=${Buffer.from(KEY).toString('hex')}`],
    [
      'as hex bytes',
      `<Buffer ${Buffer.from(KEY)
        .toString('hex')
        .replace(/(..)(?!$)/g, '$1 ')}>`,
    ],
  ])('%s', (_case, line) => {
    const out = redactText(line, [KEY]);
    expect(leaks(out, KEY)).toEqual([]);
    expect(out.replace(/[\u200b-\u200d\s%]/g, '')).not.toContain(KEY.slice(2, 12));
    expect(out).toContain('[redacted]');
  });

  it.each([0, 1, 2])('base64 of a value holding the key after %i other bytes', (offset) => {
    const encoded = b64(`${'u:x'.slice(0, offset)}${KEY}&more`);
    const out = redactText(`Authorization: Basic ${encoded}`.replace('Basic ', 'Other '), [KEY]);
    const decoded = [...out.matchAll(/[A-Za-z0-9+/=]{4,}/g)].map(([token]) =>
      Buffer.from(token, 'base64').toString('latin1'),
    );
    expect(decoded.join(' ')).not.toContain(KEY.slice(3, 15));
  });

  it.each([
    ['a bare Bearer token', 'retrying with Bearer eyJhbGciOi.unknown-token', 'eyJhbGciOi'],
    ['a bare Token credential', 'header Token 8c1f0d77a2e94b', '8c1f0d77a2e94b'],
    ['a bare apikey credential', 'sent apikey 0123456789abcdef', '0123456789abcdef'],
    ['an api_key query parameter', 'GET https://svc.example/v1/pets?api_key=s3cr3t-value&limit=5', 's3cr3t-value'],
    ['URL userinfo', 'fetch https://clerk:hunter2-pass@petstore.example.com/v1', 'hunter2-pass'],
    ['a header dump', 'headers: {"x-api-key":"s3cr3t-value"}', 's3cr3t-value'],
  ])('blanks a credential this process does not know: %s', (_case, line, secret) => {
    expect(redactText(line)).not.toContain(secret);
  });

  it('keeps ordinary sentences readable', () => {
    for (const line of ['the token is missing; enter the key again', 'Token validation failed for apikey lookups']) {
      expect(redactText(line)).toBe(line);
    }
  });

  it('takes the key out of Buffers and of an error’s message, stack and cause', () => {
    const error = new Error(`refused ${KEY}`, { cause: new Error(`because ${b64(KEY)}`) });
    const copy = redactValue({ body: Buffer.from(`{"key":"${KEY}"}`), error }, [KEY]) as {
      body: string;
      error: Error & { cause: Error };
    };
    expect(copy.body).toBe('{"key":"[redacted]"}');
    expect(copy.error.message).toBe('refused [redacted]');
    expect(copy.error.stack).not.toContain(KEY);
    expect(copy.error.cause.message).toMatch(/^because \[redacted\]/);
    expect(leaks(copy.error.cause.message, KEY)).toEqual([]);
    const refused = Object.assign(new Error('connect failed'), {
      code: 'ECONNREFUSED',
      apiKey: KEY,
      url: `https://u:${KEY}@h/`,
    });
    expect(redactToText(refused, [KEY])).toContain("code: 'ECONNREFUSED'");
    expect(redactToText(refused, [KEY])).toContain("apiKey: '[redacted]'");
    expect(redactToText(refused, [KEY])).not.toContain(KEY);
    const text = redactToText(new AggregateError([new Error(KEY)], 'batch', { cause: Buffer.from(KEY) }), [KEY]);
    expect(leaks(text, KEY)).toEqual([]);
  });

  it('property: a log line made from any message containing a known key never holds it in plain, base64 or percent-encoded form', () => {
    const apiKey = fc.string({
      unit: fc.constantFrom(...'abcXYZ0189-_.~+/=!%:@'.split('')),
      minLength: 8,
      maxLength: 40,
    });
    const encode = fc.constantFrom(
      (k: string) => k,
      b64,
      b64url,
      encodeURIComponent,
      (k: string) => b64(`user:${k}`),
      (k: string) => `${k.slice(0, 3)}\n${k.slice(3)}`,
      (k: string) => `${k.slice(0, 5)}\u200d${k.slice(5)}`,
    );
    const wrap = fc.constantFrom(
      (s: string) => s,
      (s: string) => new Error(`failed: ${s}`),
      (s: string) => ({ request: { url: `https://svc.example/v1?x=${s}` } }),
      (s: string) => Buffer.from(s),
      (s: string) => new Error('outer', { cause: new Error(s) }),
    );
    fc.assert(
      fc.property(apiKey, fc.string(), fc.string(), encode, wrap, (key, before, after, enc, wrapIn) => {
        // Text around the key that happens to spell it is not what this property is about.
        fc.pre(leaks(before + after, key).length === 0);
        const target = capturingLogger();
        redactingLogger(target, () => [key]).error(wrapIn(`${before}${enc(key)}${after}`));
        return leaks(target.lines.join('\n'), key).length === 0;
      }),
      { numRuns: 200 },
    );
  });
});
