import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Test scaffolding stays out of the product: no product module (nor the bench) imports a test-support module. */
const ROOT = resolve(import.meta.dirname, '..');
const product = execFileSync('git', ['ls-files', '--', 'src/*.ts', 'src/*.svelte'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !/\.(test|spec)\.ts$/.test(file) && !/(^|\/)test-support(\/|\.ts$)/.test(file));

describe('test support', () => {
  it('has product files to check', () => {
    expect(product).toContain('src/main/core/outbox/outbox.ts');
  });

  it('is imported by no product module', () => {
    const importing = product.filter((file) =>
      /(?:from|import)\s*\(?\s*['"][^'"]*test-support[^'"]*['"]/.test(readFileSync(resolve(ROOT, file), 'utf8')),
    );
    expect(importing).toEqual([]);
  });
});
