import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppUrl } from './trusted-url';

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
