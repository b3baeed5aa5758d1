import { z } from 'zod';

export const EnvironmentId = z.enum(['production', 'staging', 'demo']);
export type EnvironmentId = z.infer<typeof EnvironmentId>;
export const ENVIRONMENT_IDS = EnvironmentId.options;

export const ENVIRONMENT_LABELS: Record<EnvironmentId, string> = {
  production: 'Production',
  staging: 'Staging',
  demo: 'Demo (local)',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * A service base address: http(s), https required off this machine (the API
 * key travels in every request), no credentials, query or fragment, and the
 * path ends with the version segment /v1. A trailing slash is dropped.
 */
export const BaseUrl = z
  .string({ error: 'Enter the service address' })
  .trim()
  .min(1, 'Enter the service address')
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Not a web address: it starts with https:// and ends with /v1' });
      return z.NEVER;
    }
    const problem = baseUrlProblem(url);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });
export type BaseUrl = z.output<typeof BaseUrl>;

function baseUrlProblem(url: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https://';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'Use https:// — plain http:// is allowed only for this computer (localhost)';
  }
  if (url.username || url.password) return 'The address must not contain a user name or password';
  if (url.search || url.hash) return 'The address must not contain ? or #';
  if (!/\/v1\/?$/.test(url.pathname)) return 'The address must end with /v1';
  return undefined;
}
