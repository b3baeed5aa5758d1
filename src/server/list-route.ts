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

export function registerList(app: ServiceApp, store: PetStore): void {
  app.get(`${API_PREFIX}/pets`, { schema: { querystring: ServiceListParams } }, (request, reply) => {
    const { limit = LIMIT_DEFAULT, status, after } = request.query;
    const page = store.listPage({ limit, status, after: after === undefined ? undefined : BigInt(after) });
    // A full page may have more after it; a short one is the last.
    if (page.nextAfter !== undefined) void reply.header('link', nextLink(limit, status, page.nextAfter));
    // Already JSON, sent as it is: Node writes a string body with its headers in one call,
    // cheaper here than encoding it to a Buffer first (the hot path of the service).
    void reply.type(JSON_TYPE).send(page.json);
  });
}
