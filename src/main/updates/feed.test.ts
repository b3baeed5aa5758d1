import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestOptions } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
  type UpdateInfo,
} from 'builder-util-runtime';
import { NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { feedFor, guardSession, keepToFeed, type FilterableSession } from './feed-guard';

/**
 * The real electron-updater reading a feed from a local HTTP server. It runs
 * in plain Node as far as it can: Electron cannot run here, so two of its
 * Electron parts are replaced — the app (an AppAdapter with a temp data
 * folder, as if packaged) and the HTTP client (electron's `net` → node:http,
 * which also stands in for TLS: the app asks `https://127.0.0.1:<port>` and
 * this client carries it as plain http to the same port). Version comparison,
 * the staged-rollout rule, resolving files, redirects and the download with
 * its sha512 check are electron-updater's own code; the feed and the guard on
 * its requests are the app's (`keepToFeed`). Installing (running the NSIS
 * installer) and the restart are left to the Electron workflow.
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request({ ...options, protocol: 'http:' }, callback);
  }

  /** As electron-updater's ElectronHttpExecutor.download, over node:http. */
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const INSTALLER = 'Petstore Counter-0.2.0-win-x64.exe';
const installer = Buffer.from('not really an installer, but its checksum is real');
const sha512 = createHash('sha512').update(installer).digest('base64');
// electron-updater maps the last 4 bytes of the id to 0…1 and takes the user when that is below the percentage.
const EARLY_USER = '3f0c1b2a-5d6e-4f70-8a9b-0c1d00000001';
const LATE_USER = '3f0c1b2a-5d6e-4f70-8a9b-0c1dfffffff0';

let server: Server;
let elsewhere: Server;
let feedUrl: string;
let feedOrigin: string;
let elsewhereOrigin: string;
let dir: string;
let latest: Record<string, unknown>;
/** Paths the feed's server answers with a 302 to the given address instead. */
let redirects: Record<string, string> = {};
const requests: Array<{ url: string; stagingId: string | undefined }> = [];
const elsewhereRequests: string[] = [];
const refused: string[] = [];

async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const started = createServer(handler);
  await new Promise<void>((done) => started.listen(0, '127.0.0.1', done));
  return [started, `https://127.0.0.1:${String((started.address() as AddressInfo).port)}`];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-feed-'));
  [server, feedOrigin] = await listen((req, res) => {
    requests.push({ url: req.url ?? '', stagingId: req.headers['x-user-staging-id']?.toString() });
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://feed').pathname);
    const redirect = redirects[path];
    if (redirect) res.writeHead(302, { location: redirect }).end();
    else if (path === '/counter/win/x64/latest.yml' || path === '/counter/moved/latest.yml') res.end(stringify(latest));
    else if (path === `/counter/win/x64/${INSTALLER}`) res.end(installer);
    else res.writeHead(404).end();
  });
  // Another host that would serve the same files: nothing may ever reach it.
  [elsewhere, elsewhereOrigin] = await listen((req, res) => {
    elsewhereRequests.push(req.url ?? '');
    res.end(req.url?.endsWith('.yml') ? stringify(latest) : installer);
  });
  feedUrl = `${feedOrigin}/counter/win/x64`;
});
afterEach(() => {
  redirects = {};
});
afterAll(() => {
  server.close();
  elsewhere.close();
  rmSync(dir, { recursive: true, force: true });
});

function feed(overrides: Record<string, unknown> = {}): void {
  latest = {
    version: '0.2.0',
    files: [{ url: INSTALLER, sha512, size: installer.length }],
    path: INSTALLER,
    sha512,
    releaseDate: '2026-11-23T09:00:00.000Z',
    stagingPercentage: 50,
    ...overrides,
  };
}

/** An updater as a packaged 0.1.0 would build it, reading the feed the build fixed. */
function packagedUpdater(stagingUserId: string, feed = feedUrl): NsisUpdater {
  const home = mkdtempSync(join(dir, 'install-'));
  const userData = join(home, 'userData');
  mkdirSync(userData);
  // electron-updater keeps the staging id in userData/.updaterId: one per install, kept across updates.
  writeFileSync(join(userData, '.updaterId'), stagingUserId);
  const appUpdateConfigPath = join(home, 'app-update.yml');
  // app-update.yml lies beside the app, outside its signed archive: the address in it is never read.
  writeFileSync(
    appUpdateConfigPath,
    stringify({
      provider: 'generic',
      url: `${elsewhereOrigin}/counter`,
      updaterCacheDirName: 'petstore-counter-updater',
    }),
  );
  const app: AppAdapter = {
    version: '0.1.0',
    name: 'Petstore Counter',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: userData,
    baseCachePath: join(home, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
  const updater = new NsisUpdater(null, app);
  // Electron's net module stands in for this client in the app; the platform picks latest.yml (Windows) over latest-linux.yml.
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor(), _testOnlyOptions: { platform: 'win32' } });
  keepToFeed(updater, new URL(feed), (message) => refused.push(message));
  updater.logger = null;
  updater.autoDownload = false;
  return updater;
}

describe('the release configuration publishes a generic HTTPS feed', () => {
  it('fills in the OS and CPU as electron-builder names them in the feed’s folders', () => {
    const template = 'https://updates.shop.example/counter/${os}/${arch}';
    expect(feedFor(template, 'win32', 'x64').href).toBe('https://updates.shop.example/counter/win/x64');
    expect(feedFor(template, 'darwin', 'arm64').href).toBe('https://updates.shop.example/counter/mac/arm64');
    expect(feedFor(template, 'linux', 'x64').href).toBe('https://updates.shop.example/counter/linux/x64');
  });

  it('points electron-builder at a generic provider on https', () => {
    const config = parse(readFileSync(resolve(import.meta.dirname, '../../../build/electron-builder.yml'), 'utf8')) as {
      publish: { provider: string; url: string };
    };
    expect(config.publish.provider).toBe('generic');
    expect(config.publish.url).toMatch(/^https:\/\/.+\/\$\{os\}\/\$\{arch\}$/);
  });
});

describe('electron-updater reading the feed from a local server', () => {
  it('reads the version, files, sha512 and staging percentage, and offers the update to a user inside the rollout', async () => {
    feed();
    const result = await packagedUpdater(EARLY_USER).checkForUpdates();
    expect(result?.isUpdateAvailable).toBe(true);
    const info: UpdateInfo | undefined = result?.updateInfo;
    expect(info).toMatchObject({
      version: '0.2.0',
      path: INSTALLER,
      sha512,
      stagingPercentage: 50,
      files: [{ url: INSTALLER, sha512, size: installer.length }],
    });
    // The Windows channel file, and the install's staging id sent along.
    expect(requests.at(-1)?.url).toMatch(/^\/counter\/win\/x64\/latest\.yml/);
    expect(requests.at(-1)?.stagingId).toBe(EARLY_USER);
  });

  it('honours the staged rollout: a user outside the percentage is not offered it until the percentage grows', async () => {
    feed({ stagingPercentage: 50 });
    expect((await packagedUpdater(LATE_USER).checkForUpdates())?.isUpdateAvailable).toBe(false);
    feed({ stagingPercentage: 100 });
    expect((await packagedUpdater(LATE_USER).checkForUpdates())?.isUpdateAvailable).toBe(true);
    feed({ stagingPercentage: 0 });
    expect((await packagedUpdater(EARLY_USER).checkForUpdates())?.isUpdateAvailable).toBe(false);
  });

  it('offers nothing when the feed holds the running version', async () => {
    feed({ version: '0.1.0' });
    expect((await packagedUpdater(EARLY_USER).checkForUpdates())?.isUpdateAvailable).toBe(false);
  });

  it('downloads the installer in the background and keeps it only when its sha512 matches', async () => {
    feed({ stagingPercentage: undefined });
    const updater = packagedUpdater(EARLY_USER);
    const downloaded: string[] = [];
    updater.on('update-downloaded', (event) => downloaded.push(event.version));
    await updater.checkForUpdates();
    const [file] = await updater.downloadUpdate();
    expect(downloaded).toEqual(['0.2.0']);
    expect(readFileSync(file ?? '')).toEqual(installer);
    expect(file).toContain('petstore-counter-updater');

    const tampered = createHash('sha512').update('another file').digest('base64');
    feed({ stagingPercentage: undefined, files: [{ url: INSTALLER, sha512: tampered, size: installer.length }] });
    const wary = packagedUpdater(EARLY_USER);
    wary.on('error', () => {});
    await wary.checkForUpdates();
    await expect(wary.downloadUpdate()).rejects.toThrow(/sha512 checksum mismatch/);
  });
});

describe('the feed is the build’s, https on its host, redirects included', () => {
  const quiet = (updater: NsisUpdater) => updater.on('error', () => {});
  const refusal = /Update request refused: .* is not https on the update feed's host 127\.0\.0\.1:\d+/;

  it('reads the feed the build fixed, not the address in app-update.yml', async () => {
    feed({ stagingPercentage: undefined });
    expect((await packagedUpdater(EARLY_USER).checkForUpdates())?.isUpdateAvailable).toBe(true);
    expect(elsewhereRequests).toEqual([]);
  });

  it('refuses a feed that is not https, before any request', () => {
    const before = requests.length;
    for (const feedAddress of [feedUrl.replace('https:', 'http:'), `https://user:pw@127.0.0.1/counter`]) {
      expect(() => packagedUpdater(EARLY_USER, feedAddress)).toThrow(/^Updates refused: /);
    }
    expect(requests.length).toBe(before);
  });

  it('follows a redirect on the feed’s own host', async () => {
    feed({ stagingPercentage: undefined });
    redirects['/counter/win/x64/latest.yml'] = '/counter/moved/latest.yml';
    expect((await packagedUpdater(EARLY_USER).checkForUpdates())?.isUpdateAvailable).toBe(true);
    expect(requests.at(-1)?.url).toMatch(/^\/counter\/moved\/latest\.yml/);
  });

  it('refuses a feed that redirects to another host or to http', async () => {
    feed({ stagingPercentage: undefined });
    for (const target of [
      `${elsewhereOrigin}/counter/win/x64/latest.yml`,
      `${feedUrl.replace('https:', 'http:')}/latest.yml`,
    ]) {
      redirects['/counter/win/x64/latest.yml'] = target;
      const updater = packagedUpdater(EARLY_USER);
      quiet(updater);
      await expect(updater.checkForUpdates()).rejects.toThrow(refusal);
    }
    expect(elsewhereRequests).toEqual([]);
    expect(requests.filter((one) => one.url.startsWith('/counter/win/x64/latest.yml'))).not.toHaveLength(0);
  });

  it('has Electron cancel the same requests on electron-updater’s own session (a stand-in session)', () => {
    let filter: Parameters<FilterableSession['webRequest']['onBeforeRequest']>[0] = () => {};
    const session: FilterableSession = { webRequest: { onBeforeRequest: (listener) => (filter = listener) } };
    const said: string[] = [];
    guardSession(session, new URL(feedUrl), (message) => said.push(message));
    const cancelled = (url: string) => {
      let answer: boolean | undefined;
      filter({ url }, ({ cancel }) => (answer = cancel));
      return answer;
    };
    expect(cancelled(`${feedUrl}/latest.yml`)).toBe(false);
    expect(cancelled(`${feedOrigin}/elsewhere/${INSTALLER}`)).toBe(false);
    expect(cancelled(`${elsewhereOrigin}/${INSTALLER}`)).toBe(true);
    expect(cancelled(`${feedUrl.replace('https:', 'http:')}/latest.yml`)).toBe(true);
    expect(cancelled('not a url')).toBe(true);
    expect(said).toHaveLength(3);
  });

  it('refuses an installer on another host, named in latest.yml or reached by a redirect', async () => {
    feed({
      stagingPercentage: undefined,
      files: [{ url: `${elsewhereOrigin}/${INSTALLER}`, sha512, size: installer.length }],
    });
    const named = packagedUpdater(EARLY_USER);
    quiet(named);
    await named.checkForUpdates();
    await expect(named.downloadUpdate()).rejects.toThrow(refusal);

    feed({ stagingPercentage: undefined });
    redirects[`/counter/win/x64/${INSTALLER}`] = `${elsewhereOrigin}/${INSTALLER}`;
    const redirected = packagedUpdater(EARLY_USER);
    quiet(redirected);
    await redirected.checkForUpdates();
    await expect(redirected.downloadUpdate()).rejects.toThrow(refusal);
    expect(elsewhereRequests).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });
});
