import { z } from 'zod';
import type { FieldProblem } from './app-error';

export const EnvironmentId = z.enum(['production', 'staging', 'demo']);
export type EnvironmentId = z.infer<typeof EnvironmentId>;
export const ENVIRONMENT_IDS = EnvironmentId.options;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * A service base address: http(s), https required off this machine (the API
 * key travels in every request), no credentials, query or fragment, and the
 * path ends with the version segment /v1. A trailing slash is dropped. Each
 * problem is a FieldProblem code, worded by the renderer.
 */
export const BaseUrl = z
  .string({ error: 'address_missing' satisfies FieldProblem })
  .trim()
  .min(1, 'address_missing' satisfies FieldProblem)
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'address_not_web' satisfies FieldProblem });
      return z.NEVER;
    }
    const found = baseUrlProblem(url);
    if (found) {
      ctx.addIssue({ code: 'custom', message: found });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });
export type BaseUrl = z.output<typeof BaseUrl>;

function baseUrlProblem(url: URL): FieldProblem | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'address_scheme';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'address_plain_http';
  if (url.username || url.password) return 'address_credentials';
  if (url.search || url.hash) return 'address_query';
  if (!/\/v1\/?$/.test(url.pathname)) return 'address_version';
  return undefined;
}
