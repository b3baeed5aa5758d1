const REDACTED = '[redacted]';

// Keys whose values are credentials wherever they appear in a logged object.
const SECRET_KEY = /^(api[-_]?key|authorization|password|secret|token|access[-_]?token|x-api-key)$/i;

// Credentials written inside text: "api_key: abc", "apiKey=abc", "Authorization: Bearer abc", "?api_key=abc".
const SECRET_IN_TEXT: readonly RegExp[] = [
  /((?:api[-_]?key|x-api-key|password|secret|access[-_]?token|token)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
  /(authorization["']?\s*[:=]\s*["']?(?:bearer|basic)?\s*)[^\s"'&,;}]+/gi,
];

export function redactText(text: string, knownSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of knownSecrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  for (const pattern of SECRET_IN_TEXT) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/**
 * A redacted copy of anything about to be logged: strings, errors (message
 * and stack) and nested objects, with credential-named fields blanked.
 * Cycles are cut rather than followed.
 */
export function redactValue(
  value: unknown,
  knownSecrets: readonly string[] = [],
  seen = new WeakSet<object>(),
): unknown {
  if (typeof value === 'string') return redactText(value, knownSecrets);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    const copy = new Error(redactText(value.message, knownSecrets));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactText(value.stack, knownSecrets);
    return copy;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, knownSecrets, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, knownSecrets, seen);
  }
  return copy;
}

/**
 * An electron-log hook: the core already logs through a redacting wrapper,
 * this catches anything logged straight to electron-log (Electron's own
 * errors, third-party modules) before any transport writes it.
 */
export function createRedactionHook(knownSecrets: () => readonly string[]) {
  return <M extends { data: unknown[] }>(message: M): M => ({
    ...message,
    data: message.data.map((item) => redactValue(item, knownSecrets())),
  });
}
