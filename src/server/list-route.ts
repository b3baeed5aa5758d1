import { hash } from 'node:crypto';
import { LIMIT_DEFAULT, ListQueryParams, type PetStatus } from '../shared';
import type { ServiceApp } from './app';
import { API_PREFIX } from './paths';
import { CanonicalInt64 } from './url-int64';
import type { PetStore } from './store';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The list query, and `after`: the paging cursor, the last id of the previous page (exclusive). */
export const ServiceListParams = ListQueryParams.extend({ after: CanonicalInt64.optional() });

/** RFC 8288 link to the page after `after`, with the same size and filter. */
export function nextLink(limit: number, status: PetStatus | undefined, after: bigint): string {
  const filter = status === undefined ? '' : `&status=${status}`;
  return `<${API_PREFIX}/pets?limit=${limit}${filter}&after=${after}>; rel="next"`;
}

/** A strong ETag of a page: its bytes decide it (the next link follows from them: same rows, same link). */
export function pageEtag(json: string): string {
  return `"${hash('sha1', json, 'base64url')}"`;
}

/**
 * Whether `If-None-Match` names the page's current tag (RFC 9110 §13.1.2: weak comparison,
 * a list of tags or `*`), so the answer is 304 with no body.
 */
export function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function registerList(app: ServiceApp, store: PetStore): void {
  app.get(`${API_PREFIX}/pets`, { schema: { querystring: ServiceListParams } }, (request, reply) => {
    const { limit = LIMIT_DEFAULT, status, after } = request.query;
    const page = store.listPage({ limit, status, after: after === undefined ? undefined : BigInt(after) });
    // A full page may have more after it; a short one is the last.
    if (page.nextAfter !== undefined) void reply.header('link', nextLink(limit, status, page.nextAfter));
    const etag = pageEtag(page.json);
    void reply.header('etag', etag);
    // An unchanged page costs the client nothing: no body, its copy holds (the Link header comes too).
    if (matchesNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.code(304).send();
      return;
    }
    // Already JSON: sent as it is.
    void reply.type(JSON_TYPE).send(page.json);
  });
}
