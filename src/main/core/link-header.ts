/** One link of an RFC 8288 `Link` header: its target as written, and its relation types (lower case). */
export interface WebLink {
  target: string;
  rels: string[];
}

/** A quoted-string's content with its backslash escapes undone. */
function unquote(text: string): string {
  return text.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * Reads a `Link` header (RFC 8288 §3): several comma-separated links, each
 * `<target>` then `; name=value` parameters whose values may be quoted (and
 * hold commas and semicolons). `rel` may list several types; only its first
 * occurrence counts (§3.3). Anything malformed ends the parse: what was read
 * so far is kept, nothing is guessed.
 */
export function parseLinkHeader(header: string): WebLink[] {
  const links: WebLink[] = [];
  let at = 0;
  const skipSpace = () => {
    while (at < header.length && /[ \t]/.test(header.charAt(at))) at += 1;
  };
  while (at < header.length) {
    skipSpace();
    if (header.charAt(at) === ',') {
      at += 1;
      continue;
    }
    if (header.charAt(at) !== '<') break;
    const close = header.indexOf('>', at);
    if (close < 0) break;
    const target = header.slice(at + 1, close).trim();
    at = close + 1;
    let rels: string[] | undefined;
    for (;;) {
      skipSpace();
      if (header.charAt(at) !== ';') break;
      at += 1;
      skipSpace();
      const name = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\*?/.exec(header.slice(at))?.[0];
      if (!name) break;
      at += name.length;
      skipSpace();
      let value = '';
      if (header.charAt(at) === '=') {
        at += 1;
        skipSpace();
        const quoted = /^"(?:[^"\\]|\\.)*"/.exec(header.slice(at))?.[0];
        const token = quoted ?? /^[^;,\s]*/.exec(header.slice(at))?.[0] ?? '';
        at += token.length;
        value = quoted ? unquote(quoted) : token;
      }
      if (name.toLowerCase() === 'rel' && rels === undefined) {
        rels = value
          .toLowerCase()
          .split(/[ \t]+/)
          .filter(Boolean);
      }
    }
    links.push({ target, rels: rels ?? [] });
    skipSpace();
    if (at < header.length && header.charAt(at) !== ',') break;
  }
  return links;
}

/** Whether `url` is on the origin of `baseUrl` and at or under its path: where the API key may go. */
export function isUnderBase(url: URL, baseUrl: string | URL): boolean {
  const base = typeof baseUrl === 'string' ? new URL(baseUrl) : baseUrl;
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return false;
  const basePath = base.pathname.replace(/\/+$/, '');
  return url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}

/**
 * The `rel="next"` target of a list answer, resolved against the request's
 * URL, kept only when it stays under the environment's base URL: the API key
 * is sent with it, so a link elsewhere is dropped, never followed.
 */
export function nextPageUrl(header: string | null, requestUrl: string, baseUrl: string | URL): string | undefined {
  if (header === null) return undefined;
  const link = parseLinkHeader(header).find((candidate) => candidate.rels.includes('next'));
  if (!link) return undefined;
  const url = URL.parse(link.target, requestUrl);
  if (!url) return undefined;
  url.hash = '';
  return isUnderBase(url, baseUrl) ? url.href : undefined;
}
