import { PLAIN_TEXT } from './content-types';
import { SECURITY_HEADERS } from './csp';
import { readStaticFile } from './static-files';
import { isAppUrl, parseUrl } from './trusted-url';

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': PLAIN_TEXT } });
}

/**
 * The app:// protocol handler: serves the built renderer from `rootDir`,
 * read-only, with the CSP on every response. A path that would leave the
 * folder gets the same 404 as a missing file, so probing reveals nothing.
 */
export async function serveAppRequest(request: { url: string; method: string }, rootDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
  const url = isAppUrl(request.url) ? parseUrl(request.url) : undefined;
  const file = url && (await readStaticFile(url.pathname, rootDir));
  if (!file) return plain(404, 'Not found');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
    status: 200,
    headers: { ...SECURITY_HEADERS, 'Content-Type': file.contentType, 'Cache-Control': 'no-cache' },
  });
}
