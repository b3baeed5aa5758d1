import { parseUrl } from './trusted-url';

/**
 * A link the system browser may open: http(s) only, no embedded user name or
 * password. Everything else (file:, javascript:, smb:, ms-settings:, custom
 * app schemes) could run or reveal something on this computer. Returns the
 * normalised URL to open, or undefined.
 */
export function safeExternalUrl(text: string): string | undefined {
  const url = parseUrl(text.trim());
  if (!url) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}
