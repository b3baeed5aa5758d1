import { describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../shared';
import { isIpcMethod, toAppError } from './dispatch';
import { REDACTED } from './redaction';
import { capturingLogger } from './test-support';

describe('what a failed request shows the renderer', () => {
  it('an app error keeps its kind, without the key the service echoed', () => {
    const logger = capturingLogger();
    const failure = new AppFailure(
      appError('unauthorized', 'key_refused', {
        status: 401,
        params: { serviceSaid: 'Key secret-key-123456 was refused' },
      }),
    );
    const shown = toAppError('testConnection', failure, logger, ['secret-key-123456']);
    expect(shown).toEqual({
      kind: 'unauthorized',
      reason: 'key_refused',
      status: 401,
      params: { serviceSaid: `Key ${REDACTED} was refused` },
    });
    expect(logger.lines.join('\n')).not.toContain('secret-key-123456');
  });

  it('anything unexpected is a plain internal error; the details go to the log', () => {
    const logger = capturingLogger();
    const shown = toAppError('getCatalogue', new TypeError('x is undefined'), logger, []);
    expect(shown).toEqual({ kind: 'internal', reason: 'internal' });
    expect(logger.lines.join('\n')).toContain('x is undefined');
  });

  it('only the contract’s own names are requests', () => {
    expect(isIpcMethod('getCatalogue')).toBe(true);
    expect(isIpcMethod('listPets')).toBe(false);
    expect(isIpcMethod('toString')).toBe(false);
    expect(isIpcMethod('__proto__')).toBe(false);
  });
});
