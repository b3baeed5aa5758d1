/**
 * The crash test's child process: a real core adding the animals of a plan, SIGKILLing itself the n-th time
 * it reaches a point, found by wrapping its fetch and its outbox writes (the product has no hooks for it).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCore } from '../index';
import { writeAtomically } from '../document-writer';
import { capturingLogger, fileSecrets } from '.';

/** Before the outbox write that makes an add durable, before a POST leaves, once the service committed, once its answer is read. */
export type ChildPoint = 'before-durable' | 'before-request' | 'after-commit' | 'after-answer';

export interface ChildPlan {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  /** The counter's keychain, which the restarted core reads too. */
  keychainFile: string;
  /** Each add, sent at once or while the platform says offline (so it is queued). */
  adds: Array<{ name: string; offline: boolean }>;
  crashAt: ChildPoint;
  /** Which time the point is reached (1-based) after the warm-up. */
  crashOn: number;
}

async function main(plan: ChildPlan): Promise<void> {
  let armed = false;
  let seen = 0;
  const reach = (point: ChildPoint) => {
    if (!armed || point !== plan.crashAt) return;
    seen += 1;
    if (seen === plan.crashOn) process.kill(process.pid, 'SIGKILL');
  };
  const crashingFetch: typeof fetch = async (input, init) => {
    const post = init?.method === 'POST';
    if (post) reach('before-request');
    const response = await fetch(input, init);
    if (!post) return response;
    // The service has committed once it sends the headers; the body is not read yet.
    reach('after-commit');
    const text = await response.text();
    reach('after-answer');
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const written = new Set<string>();
  const crashingWrite = (filePath: string, text: string) => {
    const fresh = plan.adds.some((add) => text.includes(`"${add.name}"`) && !written.has(add.name));
    if (fresh) reach('before-durable');
    for (const add of plan.adds) if (text.includes(`"${add.name}"`)) written.add(add.name);
    return writeAtomically(filePath, text);
  };
  const core = await createCore({
    dataDir: plan.dataDir,
    fetch: crashingFetch,
    secrets: fileSecrets(plan.keychainFile),
    logger: capturingLogger(),
    appVersion: '0.1.0-crash',
    // Long enough that a busy machine's slowness is not taken for a lost answer.
    requestTimeoutMs: 10_000,
    writeOutbox: crashingWrite,
  });
  await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: plan.baseUrl });
  await core.invoke('setApiKey', { environmentId: 'demo', apiKey: plan.apiKey });
  // The address is on disk, as for a counter that has used it before: the outbox's facts are kept per address, so
  // a restart that read the default one (its settings write lost to the kill) would rightly trust no key.
  const settingsFile = join(plan.dataDir, 'settings.json');
  while (!existsSync(settingsFile) || !readFileSync(settingsFile, 'utf8').includes(plan.baseUrl)) await sleep(10);
  // The app has talked to this service before, so it knows whether keys are honoured.
  const warm = await core.invoke('createPet', { pet: { name: `${plan.adds[0]?.name ?? 'x'}-warm`, categoryId: '9' } });
  if (!warm.ok || warm.value.outcome !== 'created') throw new Error('the warm-up add was not created');
  armed = true;
  for (const add of plan.adds) {
    core.setPlatformOnline(!add.offline);
    const outcome = await core.invoke('createPet', { pet: { name: add.name, categoryId: '3' } });
    // The clerk saw "added" or "will be sent": from here the animal must never be lost.
    if (outcome.ok) appendFileSync(join(plan.dataDir, 'acked.txt'), `${add.name}\n`);
  }
  core.setPlatformOnline(true);
  for (;;) {
    const outbox = await core.invoke('getOutbox', {});
    if (outbox.ok && outbox.value.items.every((item) => item.state !== 'queued' && item.state !== 'sending')) break;
    await sleep(20);
  }
  await core.close();
}

const planText = process.env.OUTBOX_CRASH_PLAN;
if (planText) {
  main(JSON.parse(planText) as ChildPlan).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
