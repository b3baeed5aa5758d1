import { APP_BUILD, ensureFresh, staleness } from './ensure-built';

/**
 * Vitest global set-up: one build, before any worker starts, when `out/` is
 * missing or older than a source — so no test reads a stale bundle and no
 * two workers build at once.
 */
export default function setup(): void {
  const reason = staleness(APP_BUILD);
  if (reason === undefined) return;
  console.log(`Building the app for the tests (${reason})…`);
  ensureFresh(APP_BUILD);
}
