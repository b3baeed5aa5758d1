// The first step of every npm script: an older Node does not fail cleanly in
// this project (better-sqlite3 segfaults on Node 20), so stop with a sentence
// naming the version it needs. Plain JavaScript any Node can parse.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The lowest version an `engines.node` range of the form ">=MAJOR[.MINOR[.PATCH]]" allows.
 *
 * @param {string} range
 * @returns {[number, number, number]}
 */
export function minimumOf(range) {
  const match = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!match) throw new Error(`engines.node must read ">=MAJOR[.MINOR[.PATCH]]", not "${range}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * Undefined when `version` satisfies `range`, else the sentence to print.
 *
 * @param {string} version e.g. process.versions.node
 * @param {string} range package.json engines.node
 * @returns {string | undefined}
 */
export function nodeVersionProblem(version, range) {
  const wanted = minimumOf(range);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let part = 0; part < 3; part += 1) {
    const difference = (have[part] ?? 0) - wanted[part];
    if (difference > 0) return undefined;
    if (difference < 0) {
      return (
        `Petstore Counter needs Node.js ${wanted.join('.')} or newer (package.json engines: "${range}"); ` +
        `this is Node.js ${version.replace(/^v/, '')}. Install Node.js ${String(wanted[0])} LTS ` +
        `(https://nodejs.org/), make it the \`node\` on your PATH, and run the command again.`
      );
    }
  }
  return undefined;
}

/** @returns {string} */
export function requiredRange() {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return manifest.engines.node;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.versions.node, requiredRange());
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
