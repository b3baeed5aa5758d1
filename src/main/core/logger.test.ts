import { describe, expect, it } from 'vitest';
import { redactingLogger } from './logger';
import { capturingLogger } from './test-support';

describe('the redacting logger', () => {
  it('takes known keys and bearer tokens out of text, objects and errors', () => {
    const target = capturingLogger();
    const logger = redactingLogger(target, () => ['s3cret-key']);
    logger.info('using s3cret-key now');
    logger.warn({ headers: { Authorization: 'Bearer other-token-42' } });
    logger.error('failed', new Error('refused', { cause: new Error('key s3cret-key rejected') }));
    const text = target.lines.join('\n');
    expect(text).not.toMatch(/s3cret-key|other-token-42/);
    expect(text).toContain('using [redacted] now');
    expect(text).toContain("Authorization: '[redacted]'");
    logger.info('retry with Bearer other-token-42');
    expect(target.lines.at(-1)).toBe('info retry with Bearer [redacted]');
    expect(text).toContain('key [redacted] rejected');
  });
});
