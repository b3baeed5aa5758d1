// Before `npm run dist`: the update feed the build fixes must be https, and
// electron-builder downloads Electron for the target and its own tools
// (AppImage, NSIS, dmg helpers) unless they are cached. Offline and uncached,
// it fails after about a minute with a raw stack; this says so at once, in one
// paragraph. Effects are passed in so a test can stand in.
import { homedir } from 'node:os';
import { join } from 'node:path';

const GITHUB = 'https://github.com/';

/**
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {string[]} the hosts electron-builder downloads from, mirrors honoured
 */
export function distHosts(env) {
  const urls = [
    env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror ?? GITHUB,
    env.ELECTRON_BUILDER_BINARIES_MIRROR ?? env.npm_config_electron_builder_binaries_mirror ?? GITHUB,
  ];
  return [...new Set(urls.map((url) => (URL.canParse(url) ? new URL(url).hostname : 'github.com')))];
}

/**
 * Where @electron/get and electron-builder keep their downloads on this platform.
 *
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {NodeJS.Platform} platform
 * @param {string} home
 * @returns {{ electron: string, builder: string }}
 */
export function cacheDirs(env, platform = process.platform, home = homedir()) {
  const base =
    platform === 'darwin'
      ? join(home, 'Library', 'Caches')
      : platform === 'win32'
        ? (env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'))
        : (env.XDG_CACHE_HOME ?? join(home, '.cache'));
  const sub = platform === 'win32' ? ['Cache'] : [];
  return {
    electron: env.electron_config_cache ?? env.ELECTRON_CACHE ?? join(base, 'electron', ...sub),
    builder: env.ELECTRON_BUILDER_CACHE ?? join(base, 'electron-builder', ...sub),
  };
}

/**
 * @param {string[]} hosts
 * @returns {string}
 */
export function offlineParagraph(hosts) {
  return (
    `\`npm run dist\` cannot build installers here: electron-builder needs to download Electron for each ` +
    `target and its own packaging tools (AppImage, NSIS, dmg) from ${hosts.join(' and ')}, this machine ` +
    'cannot reach it, and its download caches do not hold them yet. Run it where there is internet access ' +
    '(once is enough: later builds use the caches), or let the release workflow build them; ' +
    '`npm run build` still checks that the app bundles.'
  );
}

/**
 * Why the configuration's update feed cannot be built into an app, or
 * undefined. The app reads only this address (carried in its code) and asks
 * nothing but https on its host, so a build with another would never update.
 *
 * @param {unknown} publish the configuration's `publish`
 * @returns {string | undefined}
 */
export function feedProblem(publish) {
  const stop = (why) =>
    `\`npm run dist\` stops before building: ${why}. The app updates only from an https feed on the host ` +
    'written into it at build time; set `publish` in build/electron-builder.yml to ' +
    '`{ provider: generic, url: \'https://<your update server>/counter/${os}/${arch}\' }` (see build/README.md, "Updates").';
  const entry = Array.isArray(publish) ? publish : [publish];
  if (entry.length !== 1 || typeof entry[0] !== 'object' || entry[0] === null) return stop('`publish` is not one feed');
  const { provider, url } = /** @type {{ provider?: unknown, url?: unknown }} */ (entry[0]);
  if (provider !== 'generic') return stop(`the publish provider is ${JSON.stringify(provider)}, not generic`);
  if (typeof url !== 'string') return stop('the publish url is missing');
  const sample = url.replaceAll('${os}', 'linux').replaceAll('${arch}', 'x64');
  if (!URL.canParse(sample)) return stop(`the publish url ${url} is not an address`);
  const feed = new URL(sample);
  if (feed.protocol !== 'https:') return stop(`the publish url ${url} is not https`);
  if (feed.username !== '' || feed.password !== '') return stop('the publish url carries user info');
  if (feed.search !== '' || feed.hash !== '') return stop(`the publish url ${url} has a query or fragment`);
  return undefined;
}

/**
 * @typedef {object} PreflightDeps
 * @property {Readonly<Record<string, string | undefined>>} env
 * @property {unknown} publish the `publish` of the configuration electron-builder will build with
 * @property {(hosts: string[]) => Promise<boolean>} canReach every host resolves, within a couple of seconds
 * @property {() => boolean} cachesReady Electron's zip and electron-builder's tools are already downloaded
 * @property {(paragraph: string) => void} complain
 */

/**
 * @param {PreflightDeps} deps
 * @returns {Promise<number>} 0 to go on with the build, 1 to stop
 */
export async function distPreflight(deps) {
  const feed = feedProblem(deps.publish);
  if (feed) {
    deps.complain(feed);
    return 1;
  }
  const hosts = distHosts(deps.env);
  if (await deps.canReach(hosts)) return 0;
  if (deps.cachesReady()) return 0;
  deps.complain(offlineParagraph(hosts));
  return 1;
}
