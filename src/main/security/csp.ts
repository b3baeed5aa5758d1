/**
 * The renderer's Content-Security-Policy, one builder for both transports.
 * No inline script, nothing remote: the page loads only its own files. In the
 * Electron shell it talks to the main process over IPC, so `connect-src` is
 * 'none'; the web preview carries the same IPC over HTTP to its own origin,
 * and that one source is the only thing it adds.
 */
const BASE_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

export type Transport = 'electron' | 'preview';

export function buildContentSecurityPolicy(transport: Transport): string {
  const directives = { ...BASE_DIRECTIVES, ...(transport === 'preview' && { 'connect-src': ["'self'"] }) };
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

export const CONTENT_SECURITY_POLICY = buildContentSecurityPolicy('electron');

/** Headers every response for the page carries, app:// and preview alike. */
export function securityHeaders(transport: Transport): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': buildContentSecurityPolicy(transport),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

export const SECURITY_HEADERS = securityHeaders('electron');
