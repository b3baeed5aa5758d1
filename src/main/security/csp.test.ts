import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('starts from nothing allowed', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });

  it('runs only the app’s own script files: an injected <script> or onclick= does nothing', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval/);
  });

  it('lets the page make no network connection: the renderer talks only over IPC', () => {
    expect(csp.get('connect-src')).toEqual(["'none'"]);
  });

  it('lets no page frame the app, re-base its URLs, or post a form anywhere', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('names no remote host or scheme anywhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*|ws:|blob:/);
  });
});
