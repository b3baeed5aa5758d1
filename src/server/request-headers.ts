import type { IncomingMessage } from 'node:http';
import { ApiFailure } from './errors';

/** How many times a header was sent: Node keeps only the first Authorization and joins others. */
export function headerCount(request: IncomingMessage, name: string): number {
  let count = 0;
  // rawHeaders alternates names and values.
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i]?.toLowerCase() === name) count++;
  }
  return count;
}

/** A header that must come at most once: two credentials (or two keys) are ambiguous, so 400. */
export function refuseRepeated(request: IncomingMessage, name: string, label: string): ApiFailure | undefined {
  return headerCount(request, name) > 1 ? new ApiFailure(400, `Send ${label} once, not several times`) : undefined;
}
