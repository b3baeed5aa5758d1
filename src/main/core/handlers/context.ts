import type { EnvironmentId, IpcMethod, IpcOutput, IpcParsedInput } from '../../../shared';
import type { ApiKeys } from '../api-keys';
import type { Catalogues } from '../catalogue/catalogues';
import type { LookupSignals } from '../deprecation-policy';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox/outbox';
import type { ServiceCalls } from '../service-calls';
import type { Settings } from '../settings';
import type { Snapshots } from '../snapshots';

export type Handler<M extends IpcMethod> = (input: IpcParsedInput<M>) => Promise<IpcOutput<M>> | IpcOutput<M>;
export type Handlers = { [M in IpcMethod]: Handler<M> };

/** What the handlers work with, made once by createCore. */
export interface HandlerContext {
  appVersion: string;
  now: () => number;
  logger: Logger;
  keys: ApiKeys;
  settings: Settings;
  catalogues: Catalogues;
  outbox: Outbox;
  calls: ServiceCalls;
  snapshots: Snapshots;
  /** What each service said of the lookup by id, per environment and address. */
  lookupSignals: Map<string, LookupSignals>;
  /** The demo service's own key and its origin, when the run that started it said so (`useDemoService`). */
  demo: { apiKey?: string; origin?: string };
  /** Asks the clerk whether a key entered for `from` may now go to `to` (the shell's dialog); none in the preview. */
  confirmKeyOrigin?: ConfirmKeyOrigin;
}

export type ConfirmKeyOrigin = (environmentId: EnvironmentId, from: string, to: string) => Promise<boolean>;
