import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppUrl, resolveAppFile } from './trusted-url';

const DEV = 'http://localhost:5173';

describe('isAppUrl: which pages count as the app itself', () => {
  it('trusts the app:// page and its assets', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://petstore/assets/index-abc.js')).toBe(true);
  });

  it.each([
    ['another host on the app scheme', 'app://evil/index.html'],
    ['a look-alike host', 'app://petstore.evil.com/index.html'],
    ['a port on the app host', 'app://petstore:8080/index.html'],
    ['credentials smuggled into the URL', 'app://user:pw@petstore/index.html'],
    ['a file on disk', 'file:///C:/Users/me/index.html'],
    ['a web page', 'https://petstore.example.com/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['about:blank', 'about:blank'],
    ['not a URL at all', 'petstore'],
  ])('refuses %s', (_attack, url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it('trusts the dev server only when one is given, and only its exact origin', () => {
    expect(isAppUrl(`${DEV}/`)).toBe(false);
    expect(isAppUrl(`${DEV}/`, DEV)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', DEV)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAppUrl('https://localhost:5173/', DEV)).toBe(false);
  });
});

describe('resolveAppFile: the app:// path-traversal guard', () => {
  const root = resolve('/opt/petstore/out/renderer');

  it('maps the page and its assets into the renderer folder', () => {
    expect(resolveAppFile('app://petstore/', root)).toBe(resolve(root, 'index.html'));
    expect(resolveAppFile(APP_ENTRY_URL, root)).toBe(resolve(root, 'index.html'));
    expect(resolveAppFile('app://petstore/assets/index-abc.js?v=1#x', root)).toBe(resolve(root, 'assets/index-abc.js'));
    expect(resolveAppFile('app://petstore/assets/my%20font.woff2', root)).toBe(resolve(root, 'assets/my font.woff2'));
  });

  it.each([
    ['encoded slashes around ..', 'app://petstore/..%2f..%2f..%2fetc%2fpasswd'],
    ['encoded dots and slashes', 'app://petstore/%2e%2e%2f%2e%2e%2fetc/passwd'],
    ['encoded backslashes (Windows)', 'app://petstore/..%5c..%5cWindows%5cwin.ini'],
    ['a raw backslash', 'app://petstore/assets\\..\\..\\secret'],
    ['a NUL byte', 'app://petstore/index.html%00.png'],
    ['broken percent-encoding', 'app://petstore/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s', (_attack, url) => {
    expect(resolveAppFile(url, root)).toBeUndefined();
  });

  it('keeps plain .. inside the folder (the URL parser folds it before the guard sees it)', () => {
    const file = resolveAppFile('app://petstore/assets/../../../../etc/passwd', root);
    expect(file).toBe(resolve(root, 'etc/passwd'));
  });
});
