import { redactValue } from './core/redaction';

/**
 * An electron-log hook: the core already logs through a redacting wrapper,
 * this catches anything logged straight to electron-log (Electron's own
 * errors, third-party modules, the shell) before any transport writes it.
 * `knownSecrets` is asked on every message, so a key saved a moment ago is
 * already taken out.
 */
export function createRedactionHook(knownSecrets: () => Iterable<string>) {
  return <M extends { data: unknown[] }>(message: M): M => {
    const known = [...knownSecrets()];
    return { ...message, data: message.data.map((item) => redactValue(item, known)) };
  };
}
