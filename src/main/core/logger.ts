import { inspect } from 'node:util';

/** electron-log's shape (and a console-backed one for Node). The core wraps it with credential redaction. */
export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export const consoleLogger: Logger = {
  debug: (...args) => console.debug(...args),
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};

const REDACTED = '[redacted]';
// Whatever follows "Bearer" is a credential, whether or not this process knows it.
const BEARER = /\bBearer\s+[^\s"',;]+/gi;

/** Removes every known secret and anything shaped like a bearer token from a piece of text. */
export function redactText(text: string, secrets: Iterable<string>): string {
  let clean = text.replace(BEARER, `Bearer ${REDACTED}`);
  for (const secret of secrets) {
    if (secret.length > 0) clean = clean.split(secret).join(REDACTED);
  }
  return clean;
}

/**
 * A logger that writes only text it has redacted. Objects and errors are
 * rendered to text first, because a secret can hide in a nested field or a
 * `cause` just as well as in a message.
 */
export function redactingLogger(target: Logger, secrets: () => Iterable<string>): Logger {
  const clean = (args: unknown[]) =>
    args.map((arg) =>
      redactText(typeof arg === 'string' ? arg : inspect(arg, { depth: 5, breakLength: Infinity }), secrets()),
    );
  return {
    debug: (...args) => target.debug(...clean(args)),
    info: (...args) => target.info(...clean(args)),
    warn: (...args) => target.warn(...clean(args)),
    error: (...args) => target.error(...clean(args)),
  };
}
