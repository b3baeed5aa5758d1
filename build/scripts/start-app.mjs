// What `npm start` decides before the app opens: use the Electron binary that
// is there, or get it through the electron package's own installer, or say in
// one paragraph why it cannot and what to run instead. Every effect is passed
// in, so tests drive it with stand-ins; start.mjs wires the real ones.

const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';

/**
 * @param {string} reason what stood in the way, as a clause
 * @returns {string} one paragraph, no line breaks
 */
export function noElectronParagraph(reason) {
  return (
    `\`npm start\` cannot open the desktop app: Electron's binary is not in node_modules/electron and ${reason}. ` +
    'Run `npm run preview:web` instead: it serves the same screens and core in your browser against the ' +
    'embedded reference service. To get the desktop app, run `npm start` again with internet access ' +
    "(and without ELECTRON_SKIP_BINARY_DOWNLOAD): it downloads Electron through the electron package's installer."
  );
}

/**
 * The host the electron installer (@electron/get) downloads from, honouring its mirror settings.
 *
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {string}
 */
export function downloadHost(env) {
  const mirror =
    env.npm_config_electron_mirror ??
    env.NPM_CONFIG_ELECTRON_MIRROR ??
    env.npm_package_config_electron_mirror ??
    env.ELECTRON_MIRROR ??
    DEFAULT_MIRROR;
  try {
    return new URL(mirror).hostname;
  } catch {
    return new URL(DEFAULT_MIRROR).hostname;
  }
}

/** @param {string | undefined} value */
function isSet(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * @typedef {object} StartDeps
 * @property {Readonly<Record<string, string | undefined>>} env
 * @property {() => string | undefined} findBinary where the Electron executable is, if anywhere
 * @property {(host: string) => Promise<boolean>} canReach a quick check (about a second) that the host resolves
 * @property {(options: { quiet: boolean }) => Promise<boolean>} install runs the electron package's installer
 * @property {(binary: string) => Promise<number>} launch opens the app with that binary; its exit code
 * @property {(line: string) => void} say progress, to stdout
 * @property {(paragraph: string) => void} complain the one paragraph, to stderr
 */

/**
 * @param {StartDeps} deps
 * @returns {Promise<number>} the exit code for `npm start`
 */
export async function startApp(deps) {
  const found = deps.findBinary();
  if (found) return deps.launch(found);

  if (isSet(deps.env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
    deps.complain(noElectronParagraph('ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded'));
    return 1;
  }
  const host = downloadHost(deps.env);
  const online = await deps.canReach(host);
  if (online) {
    deps.say(
      `Electron's binary is missing: downloading it once from ${host} through the electron package's installer (about 100 MB; a progress bar appears if it takes over 30 s).`,
    );
  }
  // Offline, the installer can still succeed from its download cache; quietly, so a miss stays one paragraph.
  const installed = await deps.install({ quiet: !online });
  const binary = installed ? deps.findBinary() : undefined;
  if (binary) return deps.launch(binary);

  deps.complain(
    noElectronParagraph(
      online
        ? 'its installer could not download it (see the error above)'
        : `this machine cannot reach ${host} to download it`,
    ),
  );
  return 1;
}
