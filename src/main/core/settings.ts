import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  AppFailure,
  BaseUrl,
  ENVIRONMENT_IDS,
  EnvironmentId,
  Preferences,
  SortOrder,
  invalidInput,
  type EnvironmentView,
  type PolicyView,
} from '../../shared';
import { isRecord, type OpenedDocument, type ReadOutcome } from './json-store';
import { managedFailure, type ManagedPolicy } from './policy';

const EnvironmentSettings = z.object({ baseUrl: BaseUrl });

/** `resources/environments.json`: the base address of each environment before the user changes it. */
export const EnvironmentDefaults = z.strictObject({
  production: EnvironmentSettings,
  staging: EnvironmentSettings,
  demo: EnvironmentSettings,
});
export type EnvironmentDefaults = z.infer<typeof EnvironmentDefaults>;

/** Reads and validates `resources/environments.json`; throws with the file's problem. */
export function loadEnvironmentDefaults(filePath: string): EnvironmentDefaults {
  return EnvironmentDefaults.parse(JSON.parse(readFileSync(filePath, 'utf8')));
}

export const SETTINGS_VERSION = 1;

export const SettingsDocument = z.strictObject({
  version: z.literal(SETTINGS_VERSION),
  environments: EnvironmentDefaults,
  selected: EnvironmentId,
  preferences: Preferences.optional(),
});
export type SettingsDocument = z.infer<typeof SettingsDocument>;

export function defaultSettings(environments: EnvironmentDefaults): SettingsDocument {
  return { version: SETTINGS_VERSION, environments, selected: 'demo' };
}

/**
 * A settings file as read, with the environments whose address it gave (`addressesRead`): elsewhere the address in use
 * is a default standing in for one that was missing, lost or refused.
 */
export type SettingsRead = ReadOutcome<SettingsDocument> & { addressesRead: readonly EnvironmentId[] };

/**
 * Validates a settings file. A store opened for the first time reads as `{}` and becomes the defaults; a file of
 * this version the schema refuses is read part by part; one without a version was never written by the app.
 */
export function readSettings(raw: Record<string, unknown>, defaults: SettingsDocument): SettingsRead {
  if (Object.keys(raw).length === 0) return { ok: true, value: defaults, migrated: true, addressesRead: [] };
  const { version } = raw;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < SETTINGS_VERSION) {
    return { ok: false, problem: 'unknown_version', addressesRead: [] };
  }
  // A newer version's file: what this version knows of it, never written (the newer version keeps its settings).
  if (version > SETTINGS_VERSION) {
    const { value, addressesRead } = readPartByPart(raw, defaults);
    return { ok: true, value, migrated: false, newer: true, addressesRead };
  }
  const parsed = SettingsDocument.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data, migrated: false, addressesRead: ENVIRONMENT_IDS };
  const { value, read, unread, addressesRead } = readPartByPart(raw, defaults);
  return read === 0
    ? { ok: false, problem: 'not_recognised', addressesRead: [] }
    : { ok: true, value, migrated: true, unread, addressesRead };
}

/**
 * A current-version document the schema refuses, read part by part (each address, the environment in use, each
 * screen choice): a part that cannot be read takes its default and is named, so one bad part costs only itself —
 * a sort by a column this version lacks no longer sends the shop's addresses back to the shipped ones.
 */
function readPartByPart(
  document: Record<string, unknown>,
  defaults: SettingsDocument,
): { value: SettingsDocument; read: number; unread: string[]; addressesRead: EnvironmentId[] } {
  const unread: string[] = [];
  let read = 0;
  const part = <T>(schema: z.core.$ZodType<T>, value: unknown, at: string): T | undefined => {
    if (value === undefined) return undefined;
    const parsed = z.safeParse(schema, value);
    if (parsed.success) read += 1;
    else unread.push(at);
    return parsed.success ? parsed.data : undefined;
  };
  const unknownKeys = (value: Record<string, unknown>, known: object, at: string) => {
    for (const key of Object.keys(value)) if (!Object.hasOwn(known, key)) unread.push(`${at}${key}`);
  };
  unknownKeys(document, SettingsDocument.shape, '');
  const environments = isRecord(document.environments) ? document.environments : {};
  const addressesRead: EnvironmentId[] = [];
  const addresses = Object.fromEntries(
    ENVIRONMENT_IDS.map((id) => {
      const stored = environments[id];
      const baseUrl = part(BaseUrl, isRecord(stored) ? stored.baseUrl : stored, `environments.${id}.baseUrl`);
      if (baseUrl !== undefined) addressesRead.push(id);
      return [id, { baseUrl: baseUrl ?? defaults.environments[id].baseUrl }];
    }),
  ) as EnvironmentDefaults;
  const selected = part(EnvironmentId, document.selected, 'selected') ?? defaults.selected;
  // Each list keeps its own sort, so each is read on its own: one by a column this version lacks costs only itself.
  const sorts = (stored: unknown): Preferences['sort'] => {
    if (!isRecord(stored)) return part(Preferences.shape.sort, stored, 'preferences.sort');
    unknownKeys(stored, EnvironmentDefaults.shape, 'preferences.sort.');
    const orders = ENVIRONMENT_IDS.flatMap((id) => {
      const order = part(SortOrder, stored[id], `preferences.sort.${id}`);
      return order ? [[id, order] as const] : [];
    });
    return orders.length > 0 ? Object.fromEntries(orders) : undefined;
  };
  let preferences: Preferences | undefined;
  if (isRecord(document.preferences)) {
    const stored = document.preferences;
    unknownKeys(stored, Preferences.shape, 'preferences.');
    const choices = Object.entries(Preferences.shape) as Array<[keyof Preferences, z.core.$ZodType]>;
    preferences = Object.fromEntries(
      choices
        .map(([key, schema]) => [
          key,
          key === 'sort' ? sorts(stored.sort) : part(schema, stored[key], `preferences.${key}`),
        ])
        .filter(([, value]) => value !== undefined),
    ) as Preferences;
  } else part(Preferences, document.preferences, 'preferences');
  return {
    value: { version: SETTINGS_VERSION, environments: addresses, selected, ...(preferences && { preferences }) },
    read,
    unread,
    addressesRead,
  };
}

/** The user's settings within what the machine's policy allows: validated on every write, saved at once. */
export class Settings {
  private document: SettingsDocument;

  constructor(
    private readonly file: OpenedDocument<SettingsDocument>,
    private readonly policy: ManagedPolicy,
  ) {
    this.document = file.value;
  }

  get current(): SettingsDocument {
    return this.document;
  }

  baseUrl(environmentId: EnvironmentId): string {
    return this.document.environments[environmentId].baseUrl;
  }

  select(environmentId: EnvironmentId): void {
    if (this.policy.isHidden(environmentId)) throw managedFailure('managed_hidden', { environmentId });
    this.write({ ...this.document, selected: environmentId });
  }

  setBaseUrl(environmentId: EnvironmentId, baseUrl: string): void {
    if (this.policy.isLocked(environmentId)) {
      throw managedFailure('managed_address', { environmentId }, 'baseUrl');
    }
    const parsed = BaseUrl.safeParse(baseUrl);
    if (!parsed.success) throw new AppFailure(invalidInput(parsed.error, 'baseUrl'));
    const environments = { ...this.document.environments, [environmentId]: { baseUrl: parsed.data } };
    this.write({ ...this.document, environments });
  }

  get preferences(): Preferences {
    return this.document.preferences ?? {};
  }

  /** The clerk's screen choices, replaced whole (a part left out goes back to its default). */
  setPreferences(preferences: Preferences): void {
    this.write({ ...this.document, preferences });
  }

  /** Resolves once every change so far is on disk (or reported). */
  flush(): Promise<void> {
    return this.file.flush();
  }

  /**
   * Applies the organisation's policy at start: its addresses replace the stored ones (a locked one cannot be
   * changed after), and a hidden environment is never the selected one.
   */
  applyPolicy(): void {
    const { policy } = this;
    let next = this.document;
    for (const id of ENVIRONMENT_IDS) {
      const address = policy.presetAddress(id);
      if (address === undefined || address === next.environments[id].baseUrl) continue;
      next = { ...next, environments: { ...next.environments, [id]: { baseUrl: address } } };
    }
    if (policy.isHidden(next.selected)) next = { ...next, selected: 'production' };
    if (next !== this.document) this.write(next);
  }

  policyView(): PolicyView {
    return this.policy.view();
  }

  views(hasKey: (environmentId: EnvironmentId) => boolean): EnvironmentView[] {
    return ENVIRONMENT_IDS.filter((id) => !this.policy.isHidden(id)).map((id) => ({
      id,
      baseUrl: this.baseUrl(id),
      hasKey: hasKey(id),
      managed: this.policy.isLocked(id),
    }));
  }

  private write(next: SettingsDocument): void {
    const parsed = SettingsDocument.safeParse(next);
    if (!parsed.success) throw new AppFailure(invalidInput(parsed.error));
    this.file.save(parsed.data);
    this.document = parsed.data;
  }
}

/**
 * The same addresses as `resources/environments.json`, used for any
 * environment the caller does not pass (the tests check the two agree).
 */
export const BUILT_IN_ENVIRONMENTS: EnvironmentDefaults = {
  production: { baseUrl: 'https://petstore.example.com/v1' },
  staging: { baseUrl: 'https://staging.petstore.example.com/v1' },
  demo: { baseUrl: 'http://127.0.0.1:4010/v1' },
};
