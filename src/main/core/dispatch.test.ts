import { describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../shared';
import { isIpcMethod, toAppError } from './dispatch';
import { capturingLogger } from './test-support';

describe('what a failed request shows the renderer', () => {
  it('an app error keeps its kind, without the key the service echoed', () => {
    const logger = capturingLogger();
    const failure = new AppFailure(appError('unauthorized', 'Key secret-key-123456 was refused'));
    const shown = toAppError('listPets', failure, logger, ['secret-key-123456']);
    expect(shown.kind).toBe('unauthorized');
    expect(shown.message).not.toContain('secret-key-123456');
  });

  it('anything unexpected is a plain internal error; the details go to the log', () => {
    const logger = capturingLogger();
    const shown = toAppError('listPets', new TypeError('x is undefined'), logger, []);
    expect(shown).toMatchObject({ kind: 'internal' });
    expect(shown.message).not.toContain('undefined');
    expect(logger.lines.join('\n')).toContain('x is undefined');
  });

  it('only the contract’s own names are requests', () => {
    expect(isIpcMethod('listPets')).toBe(true);
    expect(isIpcMethod('toString')).toBe(false);
    expect(isIpcMethod('__proto__')).toBe(false);
  });
});
