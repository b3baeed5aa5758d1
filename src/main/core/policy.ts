import { z } from 'zod';
import {
  AppFailure,
  BaseUrl,
  ENVIRONMENT_IDS,
  PolicyLanguage,
  appError,
  type MessageParams,
  type EnvironmentId,
  type PolicyView,
} from '../../shared';

const ManagedEnvironment = z.strictObject({ baseUrl: z.optional(BaseUrl), locked: z.boolean().optional() });

/**
 * `policy.json`, written by the shop's IT for every machine: each part is optional, what is there applies. A
 * file is read field by field against this (see `policy-read.ts`), so one wrong field does not void the rest.
 */
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
  language: z.optional(PolicyLanguage),
  /** Settings' "Administration" part (addresses, keys) cannot be changed on this computer. */
  lockAdministration: z.boolean().optional(),
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;

/** Without a policy file: the app's own updater, its own language choice, every environment shown. */
export const NO_POLICY: PolicyView = { updatesEnabled: true, demoHidden: false, administrationLocked: false };

/** The refusal for a change the policy does not allow; `field` marks the form field it belongs to. */
export const managedFailure = (
  reason: 'managed_hidden' | 'managed_address' | 'managed_key',
  params: MessageParams,
  field?: string,
) =>
  new AppFailure(appError('invalid_input', reason, { params, ...(field ? { fields: { [field]: 'managed' } } : {}) }));

/**
 * The policy as the core applies it, read first and handed to the settings and the keys; with no policy every
 * answer is "the clerk decides".
 */
export class ManagedPolicy {
  private readonly inPlace: ReadonlySet<EnvironmentId>;

  constructor(
    private readonly document: PolicyDocument | undefined,
    private readonly shipped: (environmentId: EnvironmentId) => string,
    lockedInPlace: readonly EnvironmentId[] = [],
  ) {
    this.inPlace = new Set(lockedInPlace);
  }

  /**
   * The address IT fixed; a lock without one locks the address the app ships with, and a lock the app had to
   * assume (its field, or the address beside it, unreadable) keeps the address in use.
   */
  presetAddress(environmentId: EnvironmentId): string | undefined {
    const managed = this.document?.environments?.[environmentId];
    if (managed?.baseUrl !== undefined) return managed.baseUrl;
    return managed?.locked && !this.inPlace.has(environmentId) ? this.shipped(environmentId) : undefined;
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
