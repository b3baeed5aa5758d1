import { z } from 'zod';
import {
  BaseUrl,
  ENVIRONMENT_IDS,
  EnvironmentId,
  PolicyLanguage,
  firstProblem,
  type AppNotice,
  type FieldProblem,
  type MessageParams,
} from '../../shared';
import { isRecord } from './json-store';
import type { PolicyDocument } from './policy';

/**
 * What reading the policy gave: what applies (every field that could be read, and the safe side of every one
 * that could not), a notice naming what could not be read, or neither (no policy at all).
 */
export interface PolicyRead {
  /** Where it was read from (a file, or on Windows a registry value), for the notice. */
  path: string;
  policy?: PolicyDocument;
  /** Locked because a field could not be read: these keep the address they have rather than take the shipped one. */
  lockedInPlace?: EnvironmentId[];
  notice?: AppNotice;
}

/** Reads the policy's whole text (`fs.promises.readFile` in the shell); throws Node's errors with their `code`. */
export type ReadText = (path: string) => Promise<string>;

/**
 * What applies when the policy is there but nothing in it can be read: every environment stays at the address
 * it has and cannot be changed, updates are off, the demo is hidden, administration is locked. IT meant to restrict; not knowing how, the
 * app restricts.
 */
const UNREADABLE: Required<Pick<PolicyRead, 'policy' | 'lockedInPlace'>> = {
  policy: {
    environments: { production: { locked: true }, staging: { locked: true }, demo: { locked: true } },
    hideDemo: true,
    updates: { enabled: false },
    lockAdministration: true,
  },
  lockedInPlace: [...ENVIRONMENT_IDS],
};

const NOTICE_ID = 'policy-file';

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

/** A field that could not be read: where, and why (a FieldProblem code for an address, else zod's words). */
interface BadField {
  at: string;
  why: string;
  field?: FieldProblem;
}

/** Reads one field with its schema; a wrong value is recorded and read as absent. */
function field<T>(schema: z.core.$ZodType<T>, value: unknown, at: string, bad: BadField[]): T | undefined {
  if (value === undefined) return undefined;
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'invalid';
  const problem = firstProblem(message);
  bad.push(problem === 'invalid' ? { at, why: message } : { at, why: problem, field: problem });
  return undefined;
}

const unknownKeys = (value: Record<string, unknown>, known: readonly string[], at: string, bad: BadField[]) => {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) bad.push({ at: at ? `${at}.${key}` : key, why: 'not a field this app knows' });
  }
};

type ManagedEnvironment = NonNullable<NonNullable<PolicyDocument['environments']>[EnvironmentId]>;

/**
 * One environment's part: its address when readable, and its lock. A lock that cannot be read, or a field the
 * app does not know beside it (most likely a misspelt lock), locks; an address that cannot be read under a lock
 * leaves the environment at the address it has.
 */
function readEnvironment(
  value: unknown,
  at: string,
  bad: BadField[],
): { managed: ManagedEnvironment; inPlace: boolean } {
  if (!isRecord(value)) {
    bad.push({ at, why: 'expected an object' });
    return { managed: { locked: true }, inPlace: true };
  }
  const before = bad.length;
  unknownKeys(value, ['baseUrl', 'locked'], at, bad);
  const unknownField = bad.length > before;
  const baseUrl = field(BaseUrl, value.baseUrl, `${at}.baseUrl`, bad);
  const lockedAt = bad.length;
  const locked = field(z.boolean(), value.locked, `${at}.locked`, bad);
  const lockUnreadable = bad.length > lockedAt || unknownField;
  const isLocked = locked === true || lockUnreadable;
  const managed: ManagedEnvironment = {
    ...(baseUrl !== undefined && { baseUrl }),
    ...(isLocked ? { locked: true } : locked === false && { locked: false }),
  };
  // A lock IT wrote without an address locks the shipped one; a lock the app had to assume, or whose address it
  // could not read, keeps the one in use.
  const addressUnreadable = value.baseUrl !== undefined && baseUrl === undefined;
  return { managed, inPlace: isLocked && baseUrl === undefined && (lockUnreadable || addressUnreadable) };
}

/** Field by field: every valid field applies, every invalid one takes its safe side and is named. */
function readFields(json: Record<string, unknown>): {
  policy: PolicyDocument;
  lockedInPlace: EnvironmentId[];
  bad: BadField[];
} {
  const bad: BadField[] = [];
  const policy: PolicyDocument = {};
  const lockedInPlace: EnvironmentId[] = [];
  unknownKeys(json, ['environments', 'hideDemo', 'lockAdministration', 'updates', 'language'], '', bad);

  if (json.environments !== undefined) {
    if (isRecord(json.environments)) {
      unknownKeys(json.environments, ENVIRONMENT_IDS, 'environments', bad);
      const environments: NonNullable<PolicyDocument['environments']> = {};
      for (const id of ENVIRONMENT_IDS) {
        if (json.environments[id] === undefined) continue;
        const { managed, inPlace } = readEnvironment(json.environments[id], `environments.${id}`, bad);
        environments[id] = managed;
        if (inPlace) lockedInPlace.push(id);
      }
      policy.environments = environments;
    } else {
      bad.push({ at: 'environments', why: 'expected an object' });
      policy.environments = UNREADABLE.policy.environments;
      lockedInPlace.push(...UNREADABLE.lockedInPlace);
    }
  }

  const hideDemoAt = bad.length;
  const hideDemo = field(z.boolean(), json.hideDemo, 'hideDemo', bad);
  if (bad.length > hideDemoAt) policy.hideDemo = true;
  else if (hideDemo !== undefined) policy.hideDemo = hideDemo;

  const lockAt = bad.length;
  const lockAdministration = field(z.boolean(), json.lockAdministration, 'lockAdministration', bad);
  if (bad.length > lockAt) policy.lockAdministration = true;
  else if (lockAdministration !== undefined) policy.lockAdministration = lockAdministration;

  if (json.updates !== undefined) {
    const updates = isRecord(json.updates) ? json.updates : undefined;
    if (updates) unknownKeys(updates, ['enabled'], 'updates', bad);
    const enabled = updates ? field(z.boolean(), updates.enabled, 'updates.enabled', bad) : undefined;
    if (!updates) bad.push({ at: 'updates', why: 'expected an object' });
    else if (updates.enabled === undefined) bad.push({ at: 'updates.enabled', why: 'missing' });
    policy.updates = { enabled: enabled ?? false };
  }

  const language = field(PolicyLanguage, json.language, 'language', bad);
  if (language !== undefined) policy.language = language;
  return { policy, lockedInPlace, bad };
}

/** The notice for fields that could not be read: an address alone is worded by its own code, anything else named. */
function fieldsNotice(path: string, bad: BadField[]): AppNotice {
  const [only] = bad;
  if (bad.length === 1 && only?.field !== undefined) {
    return policyNotice('policy_bad_address', { path, at: only.at, field: only.field });
  }
  return policyNotice('policy_invalid', {
    path,
    fields: bad.map((item) => item.at).join(', '),
    detail: bad
      .slice(0, 4)
      .map((item) => `${item.at}: ${item.why}`)
      .join('; '),
  });
}

/**
 * Never throws. No policy where there is none (ENOENT); a policy that cannot be read at all applies its safe
 * side everywhere; a readable one applies field by field. Each problem becomes a notice naming it.
 */
export async function readPolicy(path: string, readText: ReadText): Promise<PolicyRead> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { path };
    return { path, ...UNREADABLE, notice: policyNotice('policy_unreadable', { path, ...readProblem(error) }) };
  }
  let json: unknown;
  try {
    // Notepad saves UTF-8 with a byte-order mark, which JSON.parse refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { path, ...UNREADABLE, notice: policyNotice('policy_not_json', { path, detail }) };
  }
  if (!isRecord(json)) {
    const fields = 'environments, hideDemo, lockAdministration, updates, language';
    const notice = policyNotice('policy_invalid', { path, fields, detail: 'the file holds no object of fields' });
    return { path, ...UNREADABLE, notice };
  }
  const { policy, lockedInPlace, bad } = readFields(json);
  return {
    path,
    policy,
    ...(lockedInPlace.length > 0 && { lockedInPlace }),
    ...(bad.length > 0 && { notice: fieldsNotice(path, bad) }),
  };
}
