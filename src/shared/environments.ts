import { z } from 'zod/mini';
import type { FieldProblem } from './field-problem';

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
export const BaseUrl = z.pipe(
  z.string({ error: 'address_missing' satisfies FieldProblem }).check(
    z.trim(),
    z.minLength(1, { error: 'address_missing' satisfies FieldProblem, abort: true }),
    z.superRefine((text, ctx) => {
      const problem = addressProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
    }),
  ),
  z.transform((text: string) => {
    const url = new URL(text);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }),
);
export type BaseUrl = z.output<typeof BaseUrl>;

function addressProblem(text: string): FieldProblem | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'address_not_web';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'address_scheme';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'address_plain_http';
  if (url.username || url.password) return 'address_credentials';
  if (url.search || url.hash) return 'address_query';
  if (!/\/v1\/?$/.test(url.pathname)) return 'address_version';
  return undefined;
}
