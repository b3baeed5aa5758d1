import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { contentTypeFor } from './content-types';

/**
 * Maps a request's URL path (still percent-encoded, as in `new URL(…).pathname`)
 * to a file inside `rootDir`, or undefined when it would leave it. The URL
 * parser already folds plain `..`; the guard refuses encoded slashes,
 * backslashes (a separator on Windows) and NUL and a malformed encoding, then
 * checks that the decoded path, resolved, is still inside.
 */
export function resolveStaticFile(pathname: string, rootDir: string): string | undefined {
  if (/%2f|%5c|%00/i.test(pathname)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\\') || path.includes('\0')) return undefined;
  const wanted = path === '/' || path === '' ? 'index.html' : path.replace(/^\/+/, '');
  const root = resolve(rootDir);
  const file = resolve(root, wanted);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return file;
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/**
 * A regular file of the built renderer, or undefined for everything else —
 * a path outside it, a directory, a missing file, a bad encoding — so every
 * transport answers all of them with the same plain 404.
 */
export async function readStaticFile(pathname: string, rootDir: string): Promise<StaticFile | undefined> {
  const file = resolveStaticFile(pathname, rootDir);
  if (!file) return undefined;
  try {
    // A directory fails to read (EISDIR) like a missing file.
    return { body: await readFile(file), contentType: contentTypeFor(file) };
  } catch {
    return undefined;
  }
}
