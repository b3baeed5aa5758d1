// The update feed's address is fixed at build time (electron-builder.yml's
// publish.url, carried in the app's code); every request electron-updater
// makes — the feed, each redirect, each installer — must stay https on its host.
import { EventEmitter } from 'node:events';

/** electron-builder's `${os}` for each platform. */
const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = { win32: 'win', darwin: 'mac', linux: 'linux' };

/** The feed for this computer: the build's publish.url with `${os}` and `${arch}` filled in as electron-builder does. */
export function feedFor(template: string, platform: NodeJS.Platform, arch: string): URL {
  return new URL(template.replaceAll('${os}', OS_NAMES[platform] ?? platform).replaceAll('${arch}', arch));
}

/** Why the app refuses a feed address, or undefined when it takes it. */
export function feedProblem(feed: URL): string | undefined {
  if (feed.protocol !== 'https:') return `the update feed ${feed.href} is not https`;
  if (feed.username !== '' || feed.password !== '') return 'the update feed address carries user info';
  if (feed.search !== '' || feed.hash !== '') return `the update feed ${feed.href} has a query or fragment`;
  return undefined;
}

/** Throws, saying why, when the app does not take the feed: updates then stay off. */
export function assertFeed(feed: URL): void {
  const problem = feedProblem(feed);
  if (problem) throw new Error(`Updates refused: ${problem}`);
}

/** Whether electron-updater may ask `target`: https on the feed's own host and port. */
export function onFeedHost(feed: URL, target: URL): boolean {
  return target.protocol === 'https:' && target.host === feed.host;
}

/** The request options builder-util-runtime passes to `createRequest` (Node's and Electron's `net` share them). */
interface RequestOptions {
  protocol?: string | null;
  hostname?: string | null;
  host?: string | null;
  port?: number | string | null;
  path?: string | null;
  headers?: Record<string, unknown> | null;
}

/** What every request of electron-updater goes through: builder-util-runtime's `HttpExecutor.createRequest`. */
export interface RequestMaker {
  createRequest(options: RequestOptions, callback: (response: never) => void): unknown;
}

function requestUrl(options: RequestOptions): URL | undefined {
  // Electron's executor sends to a `Host` header when one is set; builder-util-runtime defaults to https.
  const hostHeader = options.headers?.Host ?? options.headers?.host;
  const host = typeof hostHeader === 'string' ? hostHeader : (options.hostname ?? options.host ?? '');
  const port =
    options.port === undefined || options.port === null || options.port === '' ? '' : `:${String(options.port)}`;
  try {
    return new URL(
      `${options.protocol ?? 'https:'}//${host}${typeof hostHeader === 'string' ? '' : port}${options.path ?? '/'}`,
    );
  } catch {
    return undefined;
  }
}

/** A request that never leaves: it fails with `error` once its caller has attached its handlers. */
class RefusedRequest extends EventEmitter {
  constructor(error: Error) {
    super();
    setImmediate(() => {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    });
  }
  end(): void {}
  write(): void {}
  abort(): void {}
  setHeader(): void {}
  followRedirect(): void {}
}

/**
 * Wraps the executor's `createRequest`, the one door of the feed request, the
 * follow-up of each redirect (builder-util-runtime and electron-updater's
 * Electron executor both make a new request per redirect) and each download:
 * anything but https on the feed's host fails there, before a connection.
 */
export function guardRequests(executor: RequestMaker, feed: URL, onRefused: (message: string) => void): void {
  const create = executor.createRequest.bind(executor);
  executor.createRequest = (options, callback) => {
    const target = requestUrl(options);
    if (target && onFeedHost(feed, target)) return create(options, callback);
    const message = `Update request refused: ${target ? `${target.protocol}//${target.host}` : 'an unreadable address'} is not https on the update feed's host ${feed.host}`;
    onRefused(message);
    return new RefusedRequest(new Error(message));
  };
}

/** The part of an Electron session this needs (tests pass a stand-in). */
export interface FilterableSession {
  webRequest: {
    onBeforeRequest(
      listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void,
    ): void;
  };
}

/**
 * A second lock, in Electron itself: electron-updater's own session (its
 * `net` requests use no other) cancels whatever is not https on the feed's
 * host, for a request that would ever come past `createRequest`.
 */
export function guardSession(session: FilterableSession, feed: URL, onRefused: (message: string) => void): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = URL.canParse(details.url) && onFeedHost(feed, new URL(details.url));
    if (!allowed)
      onRefused(`Update request refused: ${details.url} is not https on the update feed's host ${feed.host}`);
    callback({ cancel: !allowed });
  });
}

/** The parts of electron-updater's AppUpdater this needs (its executor is internal, hence the reach). */
export interface FeedUpdater {
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  disableDifferentialDownload: boolean;
}

/**
 * Points electron-updater at the build's feed, whatever app-update.yml (a file
 * beside the app, outside its signed archive) says, and keeps each of its
 * requests on the feed's https host. Differential downloads are off: they
 * follow redirects inside one request, past `createRequest`.
 */
export function keepToFeed(updater: FeedUpdater, feed: URL, onRefused: (message: string) => void): void {
  assertFeed(feed);
  const executor = (updater as unknown as { httpExecutor?: RequestMaker | null }).httpExecutor;
  if (!executor || typeof executor.createRequest !== 'function') {
    throw new Error('Updates refused: electron-updater no longer exposes the request path this app guards');
  }
  guardRequests(executor, feed, onRefused);
  updater.disableDifferentialDownload = true;
  updater.setFeedURL({ provider: 'generic', url: feed.href });
}
