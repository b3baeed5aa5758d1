import { extname } from 'node:path';

/** What each built renderer file is served as; anything else is opaque bytes. */
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

export const PLAIN_TEXT = 'text/plain; charset=utf-8';
export const JSON_TEXT = CONTENT_TYPES['.json'] ?? PLAIN_TEXT;
export const HTML_TEXT = CONTENT_TYPES['.html'] ?? PLAIN_TEXT;
export const JAVASCRIPT_TEXT = CONTENT_TYPES['.js'] ?? PLAIN_TEXT;

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * True when a Content-Type header names exactly `application/json` (any
 * parameters, any case): `application/jsonp` or `application/json-patch` are
 * other media types, and a prefix match would let them through.
 */
export function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}
