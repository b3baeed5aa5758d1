import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { parseUrl } from './trusted-url';

// Addresses that reach this computer or the shop's own network: a link must never make the browser call them.
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIPv4(host)) return PRIVATE_RANGES.check(host, 'ipv4');
  // BlockList also matches an IPv4 address hidden in an IPv6 one (::ffff:127.0.0.1).
  if (isIPv6(host)) return PRIVATE_RANGES.check(host, 'ipv6');
  // A single-label name resolves on the local network (or a hosts file), never to a public site.
  return LOCAL_NAME.test(host) || !host.includes('.');
}

/**
 * A link the system browser may open: https only, no embedded user name or
 * password, and never this computer or a private network (loopback,
 * 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7, fe80::/10,
 * localhost names) — a page must not turn the browser into a tool against the
 * router or a local service. Returns the normalised URL to open, or undefined.
 */
export function safeExternalUrl(text: string): string | undefined {
  const url = parseUrl(text.trim());
  if (url?.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  if (isLocalHost(url.hostname)) return undefined;
  return url.href;
}

/** What counts as the clerk's own doing: a click or a key press the operating system delivered. */
const GESTURES = new Set(['mouseUp', 'rawKeyDown', 'keyDown', 'char']);

/**
 * Opens a link outside only right after a real click or key press (Electron's
 * `input-event`, which a script in the page cannot fake), and once per gesture:
 * a page left alone cannot open the browser at all, nor a burst of tabs.
 */
export function createGestureGate(now: () => number = Date.now, windowMs = 1_000) {
  let lastGesture = Number.NEGATIVE_INFINITY;
  return {
    noteInput(type: string): void {
      if (GESTURES.has(type)) lastGesture = now();
    },
    /** True at most once per gesture, and only shortly after it. */
    consume(): boolean {
      const fresh = now() - lastGesture <= windowMs;
      lastGesture = Number.NEGATIVE_INFINITY;
      return fresh;
    },
  };
}
