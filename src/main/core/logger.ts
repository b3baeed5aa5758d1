import { redactToText } from './redaction';

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

/**
 * A logger that writes only text it has redacted (see redaction.ts). Objects
 * and errors are rendered to text first, because a secret can hide in a
 * nested field, a Buffer or a `cause` just as well as in a message.
 */
export function redactingLogger(target: Logger, secrets: () => Iterable<string>): Logger {
  const clean = (args: unknown[]) => {
    const known = [...secrets()];
    return args.map((arg) => redactToText(arg, known));
  };
  return {
    debug: (...args) => target.debug(...clean(args)),
    info: (...args) => target.info(...clean(args)),
    warn: (...args) => target.warn(...clean(args)),
    error: (...args) => target.error(...clean(args)),
  };
}
