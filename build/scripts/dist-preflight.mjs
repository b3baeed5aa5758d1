// `npm run dist` runs this first, with the configuration it builds with: stop
// within seconds, in one paragraph, on a feed the app would refuse, or where
// electron-builder could only fail after a minute of retries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { cacheDirs, distPreflight } from './dist-preflight-check.mjs';

const PROBE_MS = 2000;
const root = resolve(import.meta.dirname, '../..');

/** @param {string} host */
function resolves(host) {
  const timeout = new Promise((done) => setTimeout(() => done(false), PROBE_MS).unref());
  return Promise.race([
    lookup(host).then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

/** @param {string[]} hosts */
async function canReach(hosts) {
  // Behind a proxy the hosts may not resolve locally; let electron-builder try.
  if (process.env.HTTPS_PROXY || process.env.https_proxy) return true;
  const answers = await Promise.all(hosts.map(resolves));
  return answers.every(Boolean);
}

/** @param {string} dir */
const filesUnder = (dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);

function cachesReady() {
  const { version } = JSON.parse(readFileSync(resolve(root, 'node_modules/electron/package.json'), 'utf8'));
  const dirs = cacheDirs(process.env);
  const electronZip = filesUnder(dirs.electron).some((file) => file.includes(`electron-v${version}-`));
  return electronZip && filesUnder(dirs.builder).length > 0;
}

/**
 * The configuration's `publish`, following `extends` as electron-builder does.
 *
 * @param {string} file
 * @returns {unknown}
 */
function publishOf(file) {
  const config = parse(readFileSync(file, 'utf8')) ?? {};
  if ('publish' in config || typeof config.extends !== 'string') return config.publish;
  return publishOf(resolve(root, config.extends));
}

process.exitCode = await distPreflight({
  env: process.env,
  publish: publishOf(resolve(root, process.argv[2] ?? 'build/electron-builder.yml')),
  canReach,
  cachesReady,
  complain: (paragraph) => console.error(paragraph),
});
