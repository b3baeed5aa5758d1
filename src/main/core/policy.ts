import { posix, win32 } from 'node:path';
import { z } from 'zod';
import {
  AppFailure,
  BaseUrl,
  ENVIRONMENT_IDS,
  PolicyLanguage,
  appError,
  firstProblem,
  type AppNotice,
  type MessageParams,
  type EnvironmentId,
  type PolicyView,
} from '../../shared';
import type { ApiKeys } from './api-keys';
import type { EnvironmentDefaults, Settings } from './settings';

const ManagedEnvironment = z.strictObject({ baseUrl: BaseUrl.optional(), locked: z.boolean().optional() });

/** `policy.json`, written by the shop's IT for every machine: each part is optional, what is there applies. */
export const PolicyDocument = z.strictObject({
  environments: z
    .strictObject({
      production: ManagedEnvironment.optional(),
      staging: ManagedEnvironment.optional(),
      demo: ManagedEnvironment.optional(),
    })
    .optional(),
  hideDemo: z.boolean().optional(),
  updates: z.strictObject({ enabled: z.boolean() }).optional(),
  language: PolicyLanguage.optional(),
  /** Settings' "Administration" part (addresses, keys) cannot be changed on this computer. */
  lockAdministration: z.boolean().optional(),
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;

/** What reading the policy file gave: a policy, a notice for a file that is there but unusable, or neither. */
export interface PolicyRead {
  path: string;
  policy?: PolicyDocument;
  notice?: AppNotice;
}

/** Reads a whole file as UTF-8 text (`fs.promises.readFile` in the shell); throws Node's errors with their `code`. */
export type ReadText = (path: string) => Promise<string>;

const FOLDER = 'Petstore Counter';
const FILE = 'policy.json';

/** The machine-wide place IT puts the policy file: writable by administrators only on every platform. */
export function policyPath(platform: string, env: Readonly<Record<string, string | undefined>>): string {
  if (platform === 'win32') {
    // Windows names are case-insensitive, a plain env object is not.
    const programData = env.ProgramData || env.PROGRAMDATA || 'C:\\ProgramData';
    return win32.join(programData, FOLDER, FILE);
  }
  if (platform === 'darwin') return posix.join('/Library/Application Support', FOLDER, FILE);
  return posix.join('/etc/petstore-counter', FILE);
}

const NOTICE_ID = 'policy-file';

/** Says the policy file was not used, and why; `detail` is technical (a system error, the JSON or schema problem). */
const policyNotice = (
  reason: 'policy_unreadable' | 'policy_not_json' | 'policy_invalid' | 'policy_bad_address',
  params: MessageParams,
): AppNotice => ({ id: NOTICE_ID, level: 'warning', reason, params });

function readProblem(error: unknown): { problem: string; detail: string } {
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  // Node's own message names the code and the path, e.g. "ENOTDIR: not a directory, open '…'".
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'EISDIR') return { problem: 'folder', detail };
  if (code === 'EACCES' || code === 'EPERM') return { problem: 'permission', detail };
  return { problem: 'other', detail };
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Never throws: a missing file is no policy; any other problem is no policy and a notice saying what. */
export async function readPolicy(path: string, readText: ReadText): Promise<PolicyRead> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { path };
    return { path, notice: policyNotice('policy_unreadable', { path, ...readProblem(error) }) };
  }
  let json: unknown;
  try {
    // Notepad saves UTF-8 with a byte-order mark, which JSON.parse refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { path, notice: policyNotice('policy_not_json', { path, detail }) };
  }
  const parsed = PolicyDocument.safeParse(json);
  if (!parsed.success) {
    // An address refused for a reason the app words itself (its field code): said in the clerk's language.
    const first = parsed.error.issues[0];
    const field = firstProblem(first?.message);
    if (first && field !== 'invalid') {
      return { path, notice: policyNotice('policy_bad_address', { path, at: first.path.join('.'), field }) };
    }
    return { path, notice: policyNotice('policy_invalid', { path, detail: issuesText(parsed.error) }) };
  }
  return { path, policy: parsed.data };
}

/** Without a policy file: the app's own updater, its own language choice, every environment shown. */
export const NO_POLICY: PolicyView = { updatesEnabled: true, demoHidden: false, administrationLocked: false };

/** The refusal for a change the policy does not allow; `field` marks the form field it belongs to. */
export const managedFailure = (
  reason: 'managed_hidden' | 'managed_address' | 'managed_key',
  params: MessageParams,
  field?: string,
) =>
  new AppFailure(appError('invalid_input', reason, { params, ...(field ? { fields: { [field]: 'managed' } } : {}) }));

/** The policy as the core applies it; with no policy every answer is "the clerk decides". */
export class ManagedPolicy {
  constructor(
    private readonly document: PolicyDocument | undefined,
    private readonly shipped: (environmentId: EnvironmentId) => string,
  ) {}

  /** The address IT fixed; a lock without one locks the address the app ships with. */
  presetAddress(environmentId: EnvironmentId): string | undefined {
    const managed = this.document?.environments?.[environmentId];
    return managed?.baseUrl ?? (managed?.locked ? this.shipped(environmentId) : undefined);
  }

  isLocked(environmentId: EnvironmentId): boolean {
    return this.document?.environments?.[environmentId]?.locked === true;
  }

  isHidden(environmentId: EnvironmentId): boolean {
    return environmentId === 'demo' && this.document?.hideDemo === true;
  }

  lockedEnvironments(): EnvironmentId[] {
    return ENVIRONMENT_IDS.filter((id) => this.isLocked(id));
  }

  view(): PolicyView {
    const language = this.document?.language;
    return {
      updatesEnabled: this.document?.updates?.enabled ?? NO_POLICY.updatesEnabled,
      demoHidden: this.document?.hideDemo === true,
      administrationLocked: this.document?.lockAdministration === true,
      ...(language && { language }),
    };
  }
}

/**
 * Applies what the shell read at start: its notice, the addresses and locks. Called after `bindUnbound`, so an
 * older key goes with the address it was entered for, never to the policy's.
 */
export function applyPolicy(
  read: PolicyRead | undefined,
  parts: { settings: Settings; keys: ApiKeys; notify: (notice: AppNotice) => void; shipped: EnvironmentDefaults },
): void {
  if (read?.notice) parts.notify(read.notice);
  const policy = new ManagedPolicy(read?.policy, (id) => parts.shipped[id].baseUrl);
  parts.settings.manage(policy);
  for (const id of policy.lockedEnvironments()) parts.keys.lockTo(id, new URL(parts.settings.baseUrl(id)).origin);
}
