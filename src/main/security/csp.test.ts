import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, CONTENT_SECURITY_POLICY, securityHeaders } from './csp';

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

describe('the web preview’s policy', () => {
  it("is the shell’s, with only `connect-src 'self'` added for its HTTP bridge", () => {
    const shell = directives(CONTENT_SECURITY_POLICY);
    const preview = directives(buildContentSecurityPolicy('preview'));
    expect([...preview.keys()]).toEqual([...shell.keys()]);
    const differing = [...shell.keys()].filter((name) => preview.get(name)?.join(' ') !== shell.get(name)?.join(' '));
    expect(differing).toEqual(['connect-src']);
    expect(preview.get('connect-src')).toEqual(["'self'"]);
    expect(preview.get('form-action')).toEqual(["'none'"]);
  });

  it('travels with the same other security headers as the shell’s pages', () => {
    const { 'Content-Security-Policy': previewCsp, ...previewRest } = securityHeaders('preview');
    const { 'Content-Security-Policy': shellCsp, ...shellRest } = securityHeaders('electron');
    expect(previewCsp).not.toBe(shellCsp);
    expect(previewRest).toEqual(shellRest);
  });
});
