import { describe, expect, it } from 'vitest';
import { isTrustedSender, type SenderFacts } from './sender';

const own: SenderFacts = { frameUrl: 'app://petstore/index.html', isMainFrame: true, fromMainWindow: true };

describe('isTrustedSender: which IPC messages may reach the core', () => {
  it('accepts the main window’s own page', () => {
    expect(isTrustedSender(own)).toBe(true);
  });

  // A stored version of GitHub Desktop's guard had this check inverted; these
  // cases fail if it ever is: each one is a foreign sender that must be refused.
  it.each<[string, Partial<SenderFacts>]>([
    ['an iframe inside the app page', { isMainFrame: false }],
    ['another window or a devtools page', { fromMainWindow: false }],
    ['a page that navigated to a web site', { frameUrl: 'https://evil.example/' }],
    ['a file:// page', { frameUrl: 'file:///tmp/evil.html' }],
    ['another app:// host', { frameUrl: 'app://evil/index.html' }],
    ['a frame that is gone', { frameUrl: undefined }],
    ['the dev server URL in a packaged run (no dev server given)', { frameUrl: 'http://localhost:5173/' }],
  ])('refuses %s', (_attack, change) => {
    expect(isTrustedSender({ ...own, ...change })).toBe(false);
  });

  it('accepts the dev server page only in development, and only from the main frame', () => {
    const dev = { ...own, frameUrl: 'http://localhost:5173/', devServerUrl: 'http://localhost:5173' };
    expect(isTrustedSender(dev)).toBe(true);
    expect(isTrustedSender({ ...dev, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ ...dev, frameUrl: 'http://localhost:6666/' })).toBe(false);
  });
});
