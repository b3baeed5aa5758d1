import { inspect } from 'node:util';
import type { AppError, MessageParams } from '../../shared';

/**
 * The one place credentials are taken out of anything about to be logged —
 * used by the core's logger and by the shell's electron-log hook alike.
 *
 * A known key is found however a log line happens to carry it: plain, in
 * base64 or base64url (at any byte alignment, so also inside "user:key"),
 * percent-encoded (any mix, either hex case), as hex bytes (a Buffer's
 * inspect), split across lines or with zero-width characters inserted.
 * Credentials this process does not know are caught by their shape.
 */
export const REDACTED = '[redacted]';

// Keys shorter than this would blank ordinary words; ApiKeyText accepts them, but no real service issues them.
const MIN_SECRET_LENGTH = 4;

// Characters a copy-paste, a wrapped line or a sneaky writer can put between a key's characters.
const GAP = String.raw`(?:[\u200B-\u200D\u2060\uFEFF\u00AD]|\r?\n[ \t>]*)*`;

// Field names whose values are credentials wherever they appear in a logged object.
const SECRET_FIELD = /^(api[-_]?key|authorization|password|secret|token|access[-_]?token|x-api-key|cookie)$/i;

const SECRET_SHAPES: readonly [RegExp, string][] = [
  // "Authorization: Bearer x", a bare "Bearer x" or "Basic x".
  [/\b(Bearer|Basic)(\s+)(?!\[redacted\])[^\s"',;)}\]]+/gi, `$1$2${REDACTED}`],
  // A bare "Token x" / "apikey x": eight characters with a digit, so "token validation failed" stays readable.
  [/\b(Token|api[-_]?key)(\s+)(?!\[redacted\])(?=[\x21-\x7e]*\d)[\x21-\x7e]{8,}/gi, `$1$2${REDACTED}`],
  // "api_key: x", "apiKey=x", "?api_key=x&", "password: 'x'", "Authorization: x".
  [
    /\b((?:x-)?(?:api[-_]?key|password|secret|access[-_]?token|token|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b|\[redacted\])[^\s"'&,;)}\]]+/gi,
    `$1${REDACTED}`,
  ],
  // URL userinfo: https://user:pass@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi, `$1${REDACTED}@`],
];

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** One character as itself or percent-encoded (either hex case). */
function charPattern(char: string): string {
  const hex = Buffer.from(char, 'utf8')
    .toString('hex')
    .toUpperCase()
    .replace(
      /([0-9A-F])([0-9A-F])/g,
      (_m, hi: string, lo: string) => `%[${hi}${hi.toLowerCase()}][${lo}${lo.toLowerCase()}]`,
    );
  return `(?:${escapeRegExp(char)}|${hex})`;
}

/** A form of the key, each character optionally percent-encoded, with gaps allowed between them. */
function spelled(form: string): string {
  return Array.from(form, charPattern).join(GAP);
}

/**
 * The base64 characters that depend only on the key's own bytes, for each of
 * the three alignments the key can have inside a longer encoded value.
 */
function base64Cores(secret: Buffer, encoding: 'base64' | 'base64url'): string[] {
  const firstPureChar = [0, 2, 3];
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), secret]).toString(encoding);
    const lastPureChar = Math.floor(((offset + secret.length) * 8) / 6);
    return encoded.slice(firstPureChar[offset], lastPureChar);
  });
}

function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  return [
    secret,
    ...base64Cores(bytes, 'base64'),
    ...base64Cores(bytes, 'base64url'),
    hex,
    hex.replace(/(..)(?!$)/g, '$1 '), // how inspect() shows a Buffer
  ].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

const patternCache = new Map<string, RegExp>();

function patternFor(secrets: readonly string[]): RegExp | undefined {
  const usable = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort();
  if (usable.length === 0) return undefined;
  const cacheKey = usable.join('\0');
  let pattern = patternCache.get(cacheKey);
  if (!pattern) {
    const forms = [...new Set(usable.flatMap(formsOf))].sort((a, b) => b.length - a.length);
    pattern = new RegExp(forms.map(spelled).join('|'), 'g');
    // Keys change rarely; a small cache keeps one pattern per set of keys in use.
    if (patternCache.size > 16) patternCache.clear();
    patternCache.set(cacheKey, pattern);
  }
  return pattern;
}

/** Whether text holds a known secret in any of its forms (shapes aside). */
export function carriesSecret(text: string, secrets: Iterable<string>): boolean {
  const pattern = patternFor([...secrets]);
  return pattern !== undefined && text.replace(pattern, REDACTED) !== text;
}

/** Removes every known secret (in any of its forms) and anything shaped like a credential from text. */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let clean = text;
  const pattern = patternFor([...secrets]);
  if (pattern) {
    // Blanking one occurrence can join its neighbours into another; repeat until none is left.
    for (let round = 0; round < 8; round += 1) {
      const next = clean.replace(pattern, REDACTED);
      if (next === clean) break;
      clean = next;
    }
  }
  for (const [shape, replacement] of SECRET_SHAPES) clean = clean.replace(shape, replacement);
  return clean;
}

function redactError(error: Error, secrets: readonly string[], seen: WeakSet<object>): Error {
  const copy = new Error(redactText(error.message, secrets));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redactText(error.stack, secrets);
  if (error.cause !== undefined) copy.cause = redactValue(error.cause, secrets, seen);
  // Keep what makes an error useful to read (code, status, errors of an AggregateError), redacted too.
  const extra = Object.getOwnPropertyNames(error).filter((key) => !['message', 'stack', 'cause'].includes(key));
  for (const key of extra) {
    const item: unknown = Reflect.get(error, key);
    Object.assign(copy, { [key]: SECRET_FIELD.test(key) ? REDACTED : redactValue(item, secrets, seen) });
  }
  return copy;
}

/**
 * A redacted copy of anything about to be logged, keeping its shape:
 * strings, Buffers (as text), errors (message, stack, cause) and nested
 * objects, with credential-named fields blanked. Cycles are cut.
 */
export function redactValue(value: unknown, secrets: Iterable<string> = [], seen = new WeakSet<object>()): unknown {
  const known = [...secrets];
  if (typeof value === 'string') return redactText(value, known);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return redactText(Buffer.from(value).toString('utf8'), known);
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) return redactError(value, known, seen);
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, known, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_FIELD.test(key) ? REDACTED : redactValue(item, known, seen);
  }
  return copy;
}

/** One logged argument as redacted text: objects and errors are rendered whole, cause and stack included. */
export function redactToText(value: unknown, secrets: Iterable<string> = []): string {
  const known = [...secrets];
  const safe = redactValue(value, known);
  return typeof safe === 'string' ? safe : redactText(inspect(safe, { depth: 6, breakLength: Infinity }), known);
}

/** An error's or a notice's values with every known key taken out (the service's own words may echo one). */
export function redactParams<T extends { params?: MessageParams }>(message: T, secrets: Iterable<string>): T {
  if (!message.params) return message;
  const known = [...secrets];
  const params = Object.fromEntries(
    Object.entries(message.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? redactText(value, known) : value,
    ]),
  );
  return { ...message, params };
}

export const redactAppError: (error: AppError, secrets: Iterable<string>) => AppError = redactParams;
