import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { SECURITY_HEADERS } from './csp';
import { resolveAppFile } from './trusted-url';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The app:// protocol handler: serves the built renderer from `rootDir`,
 * read-only, with the CSP on every response. A path that would leave the
 * folder gets the same 404 as a missing file, so probing reveals nothing.
 */
export async function serveAppRequest(request: { url: string; method: string }, rootDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
  const file = resolveAppFile(request.url, rootDir);
  if (!file) return plain(404, 'Not found');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return plain(404, 'Not found');
  }
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: { ...SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'no-cache' },
  });
}
