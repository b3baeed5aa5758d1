import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp';
import { rendererFolder } from '../test-support/renderer-folder';
import { serveAppRequest } from './serve-app';

let folder: ReturnType<typeof rendererFolder>;
let root: string;
beforeAll(() => {
  folder = rendererFolder();
  root = folder.root;
});
afterAll(() => folder.remove());

const get = (url: string) => serveAppRequest({ url, method: 'GET' }, root);

describe('the app:// protocol handler', () => {
  it('serves the page with its content type and the CSP header', async () => {
    const response = await get('app://petstore/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('Petstore Counter');
  });

  it('serves scripts as JavaScript so module loading works', async () => {
    const response = await get('app://petstore/assets/app.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('never serves a file outside the renderer folder, and says only "not found"', async () => {
    for (const url of [
      'app://petstore/..%2fsecret.txt',
      'app://petstore/%2e%2e%2fsecret.txt',
      'app://petstore/..%5csecret.txt',
    ]) {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('keychain');
    }
  });

  it('serves only its own origin: another host on the scheme gets the same 404', async () => {
    expect((await get('app://petstore.evil/index.html')).status).toBe(404);
    expect((await get('app://user@petstore/index.html')).status).toBe(404);
  });

  it('answers 404 for a missing file and 405 for a write', async () => {
    expect((await get('app://petstore/nope.js')).status).toBe(404);
    expect((await get('app://petstore/assets')).status).toBe(404);
    expect((await get('app://petstore/assets/')).status).toBe(404);
    expect((await get('app://petstore/%E0%A4%A')).status).toBe(404);
    expect((await serveAppRequest({ url: 'app://petstore/index.html', method: 'POST' }, root)).status).toBe(405);
  });
});
