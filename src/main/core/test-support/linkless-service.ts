import { forward, startRelay, type Relay } from './relay';

/** The answer headers such a deployment passes on: no `Link`, no `ETag`. */
const KEPT = ['content-type', 'idempotency-key', 'deprecation', 'sunset'];

/**
 * A deployment as the service's own document describes it: no `Link` next page and no `ETag`,
 * so `If-None-Match` is never answered 304. It passes everything else to the reference service.
 * The app's catalogue then takes the union of the "All" list and each status list (at most 100 each).
 */
export function startLinklessService(upstream: string): Promise<Relay> {
  return startRelay(async (request, response) => {
    const answer = await forward(upstream, request, ['content-type', 'idempotency-key']);
    response.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => KEPT.includes(name))));
    response.end(answer.text);
  });
}
