import { parseJson } from '../../shared';

// An integer literal of 16 or more digits may be beyond 2^53, where JSON.parse
// would round it. Every JSON value starts the text or follows `[`, `,` or `:`,
// so this finds every such literal (and, harmlessly, some inside strings).
const MAYBE_UNSAFE_INTEGER = /(?:^|[:,[])\s*-?\d{16}/;

/**
 * Lossless JSON as the shared `parseJson` defines it, at JSON.parse speed when
 * no number in the text could lose precision — which is most lists, and the
 * list is the hot path.
 */
export function parseServiceJson(text: string): unknown {
  return MAYBE_UNSAFE_INTEGER.test(text) ? parseJson(text) : JSON.parse(text);
}
