import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererFolder } from '../test-support/renderer-folder';
import { readStaticFile, resolveStaticFile } from './static-files';

const pathOf = (url: string) => new URL(url).pathname;

describe('resolveStaticFile: the path-traversal guard both transports use', () => {
  const root = resolve('/opt/petstore/out/renderer');

  it('maps the page and its assets into the renderer folder', () => {
    expect(resolveStaticFile(pathOf('app://petstore/'), root)).toBe(resolve(root, 'index.html'));
    expect(resolveStaticFile(pathOf('app://petstore/index.html'), root)).toBe(resolve(root, 'index.html'));
    expect(resolveStaticFile(pathOf('http://127.0.0.1:1/assets/index-abc.js?v=1#x'), root)).toBe(
      resolve(root, 'assets/index-abc.js'),
    );
    expect(resolveStaticFile(pathOf('app://petstore/assets/my%20font.woff2'), root)).toBe(
      resolve(root, 'assets/my font.woff2'),
    );
  });

  it.each([
    ['encoded slashes around ..', 'app://petstore/..%2f..%2f..%2fetc%2fpasswd'],
    ['encoded dots and slashes', 'app://petstore/%2e%2e%2f%2e%2e%2fetc/passwd'],
    ['encoded backslashes (Windows)', 'app://petstore/..%5c..%5cWindows%5cwin.ini'],
    ['a raw backslash', 'app://petstore/assets\\..\\..\\secret'],
    ['a NUL byte', 'app://petstore/index.html%00.png'],
    ['broken percent-encoding', 'app://petstore/%E0%A4%A'],
    ['a lone percent sign', 'http://127.0.0.1:1/%'],
  ])('refuses %s', (_attack, url) => {
    expect(resolveStaticFile(pathOf(url), root)).toBeUndefined();
  });

  it('keeps a .. the URL parser folded inside the folder', () => {
    const folded = pathOf('http://127.0.0.1:1/assets/%2e%2e/%2e%2e/../package.json');
    expect(resolveStaticFile(folded, root)).toBe(resolve(root, 'package.json'));
  });

  it('refuses a raw .. segment when a caller passes one unparsed', () => {
    expect(resolveStaticFile('/assets/../../package.json', root)).toBeUndefined();
  });
});

describe('readStaticFile: only regular files of the renderer folder', () => {
  let folder: ReturnType<typeof rendererFolder>;
  let root: string;
  beforeAll(() => {
    folder = rendererFolder();
    root = folder.root;
  });
  afterAll(() => folder.remove());

  it('reads a file with its content type', async () => {
    const file = await readStaticFile('/assets/app.js', root);
    expect(file?.contentType).toBe('text/javascript; charset=utf-8');
    expect(file?.body.toString()).toBe('console.log("hi")');
  });

  it('has nothing for a directory, a missing file, a bad encoding or a way out', async () => {
    for (const path of ['/assets', '/assets/', '/nope.js', '/%E0%A4%A', '/..%2fsecret.txt', '/../secret.txt']) {
      expect(await readStaticFile(path, root), path).toBeUndefined();
    }
  });
});
