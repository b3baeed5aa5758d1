import type { AppError } from '../../../shared/app-error';
import type { EnvironmentId } from '../../../shared/environments';
import type { PetstoreApi, Unsubscribe } from '../../../shared/ipc-contract';
import type { NewPet, Pet } from '../../../shared/pet';
import type { Result } from '../../../shared/result';
import type {
  AppNotice,
  AppStatus,
  CategoryLabel,
  CategoryLabels,
  ConnectivityState,
  CreateReply,
  EnvironmentView,
  OutboxItem,
  Preferences,
  RevisedCatalogue,
  RevisedConnectivity,
  RevisedNotice,
  RevisedOutbox,
  RevisedSettings,
  SettingsView,
  SortOrder,
} from '../../../shared/views';
import { environmentName, errorText, problemText } from '../i18n/describe';
import { i18n, t, type Wording } from '../i18n/i18n.svelte';
import { call } from '../lib/api';
import { checkCategoryLabel } from '../lib/validate';
import { Newest } from '../lib/newest';
import { SentTracker } from '../lib/outbox';
import { ListState } from './list-state.svelte';
import { toasts } from './toasts.svelte';

/**
 * What the app knows, kept in step with main: settings, connectivity, the
 * outbox and notices, plus the list of the environment in use. Pure state and
 * requests; no DOM, so tests drive it with a bridge object of their own.
 */
export class AppState {
  settings = $state.raw<SettingsView | null>(null);
  startError = $state.raw<AppError | null>(null);
  connectivity = $state.raw<ConnectivityState>({
    sending: 0,
    waiting: 0,
    toCheck: 0,
    service: { health: 'unchecked' },
  });
  outboxItems = $state.raw<OutboxItem[]>([]);
  notices = $state.raw<AppNotice[]>([]);
  /** The clerk's names for the environment's category ids. */
  categories = $state.raw<CategoryLabel[]>([]);
  /** The service refused the key, or there is none: the screens lead to the key entry. */
  keyProblem = $state.raw<AppError | null>(null);
  switchError = $state<string | null>(null);
  /** The list of the environment in use; a new one for each environment. */
  list = $state.raw<ListState | null>(null);

  // Plain reads of the settings are getters: a derived would memoise nothing, and costs the bundle a setter each.
  /** The environment in use. */
  get environment(): EnvironmentView | undefined {
    return this.settings?.environments.find((item) => item.id === this.settings?.selected);
  }
  /** The demo can be gone back to: not in use, and its key kept. */
  get canUseDemo(): boolean {
    const settings = this.settings;
    return (
      settings !== null &&
      settings.selected !== 'demo' &&
      settings.environments.some((item) => item.id === 'demo' && item.hasKey)
    );
  }
  get showKeyNeeded(): boolean {
    return this.environment !== undefined && (!this.environment.hasKey || this.keyProblem !== null);
  }
  /** The clerk's screen choices, kept by the core with the data folder (both transports). */
  get preferences(): Preferences {
    return this.settings?.preferences ?? {};
  }
  /** This counter's barcode scanner opens the animal scanned, unless the clerk turned it off. */
  get scannerEnabled(): boolean {
    return this.preferences.scanner !== false;
  }
  get hiddenColumns(): readonly string[] {
    return this.preferences.hiddenColumns ?? [];
  }
  /** Someone at this computer may enter keys: not when the policy locks administration. */
  get canEnterKey(): boolean {
    return this.settings?.policy.administrationLocked !== true;
  }
  /** Adding needs the environment's key; without one the add button is inactive and says why. */
  get canAdd(): boolean {
    return this.environment?.hasKey === true;
  }
  get addBlockedReason(): string | null {
    const environment = this.environment;
    return environment && !environment.hasKey
      ? t(this.canEnterKey ? 'add.noKeyReason' : 'add.noKeyLocked', { environment: environmentName(environment.id) })
      : null;
  }
  readonly environmentOutbox = $derived(
    this.outboxItems.filter((item) => item.environmentId === this.settings?.selected),
  );

  readonly #api: PetstoreApi;
  readonly #sent = new SentTracker();
  readonly #newest = { settings: new Newest(), outbox: new Newest(), connectivity: new Newest() };
  /** The revision each shown notice arrived with, to merge a status reply that is older than an event. */
  readonly #noticeRevisions: Record<string, number> = {};
  /** The choices last sent to the core, until it answers: a second quick change builds on the first. */
  #wantedPreferences: Preferences | null = null;
  #preferencesAsked = 0;
  /** The catalogue asked for with the settings at start, for the first list to take (a round trip saved in the preview). */
  #earlyCatalogue: Promise<Result<RevisedCatalogue>> | undefined;
  /** The search when the clerk asked for another environment: anything typed since is for the new list. */
  #searchAtSwitch: string | null = null;
  /** A switch of environment is under way: the header may speak for the new one before the screens show it. */
  switching = $state(false);

  constructor(api: PetstoreApi) {
    this.#api = api;
  }

  /** Listens to main's events and loads what it holds; the returned function stops listening. */
  async start(): Promise<Unsubscribe> {
    const api = this.#api;
    const unsubscribe = [
      api.onSettings((next) => this.applySettings(next)),
      api.onConnectivity((state) => this.applyConnectivity(state)),
      api.onOutbox((snapshot) => this.applyOutbox(snapshot)),
      api.onNotice((notice) => this.applyNotice(notice)),
      api.onCatalogue((meta) => this.list?.applyMeta(meta)),
    ];
    // Everything the first screen needs is asked for at once: the list's rows need not wait for the settings.
    this.#earlyCatalogue = call(api, 'getCatalogue', {});
    const [loaded, outbox, status, categories] = await Promise.all([
      call(api, 'getSettings', {}),
      call(api, 'getOutbox', {}),
      call(api, 'getStatus', {}),
      call(api, 'getCategories', {}),
    ]);
    if (outbox.ok && this.#newest.outbox.accept(outbox.value)) {
      this.#sent.remember(outbox.value.items);
      this.outboxItems = outbox.value.items;
    }
    if (status.ok) this.applyStatus(status.value);
    // The first rows are drawn with the names asked for beside the settings, not redrawn when they come.
    if (loaded.ok) this.applySettings(loaded.value, categories);
    else this.startError = loaded.error;
    return () => unsubscribe.forEach((stop) => stop());
  }

  /** `categories`: the start's answer, taken by the list these settings make if it is their environment's. */
  applySettings(next: RevisedSettings, categories?: Result<CategoryLabels>): void {
    if (!this.#newest.settings.accept(next)) return;
    const previous = this.settings;
    this.settings = next;
    if (previous?.selected !== next.selected) {
      this.keyProblem = null;
      this.list = this.#newList(next);
      void this.#loadCategories(categories);
      return;
    }
    const before = previous.environments.find((item) => item.id === next.selected);
    const after = next.environments.find((item) => item.id === next.selected);
    if (before?.hasKey !== after?.hasKey || before?.baseUrl !== after?.baseUrl) {
      this.keyProblem = null;
      void this.list?.refresh();
    }
  }

  applyOutbox(snapshot: RevisedOutbox): void {
    if (!this.#newest.outbox.accept(snapshot)) return;
    this.outboxItems = snapshot.items;
    const selected = this.settings?.selected;
    const { arrived, waited } = selected ? this.#sent.newlySent(snapshot.items, selected) : { arrived: [], waited: [] };
    this.list?.setOutbox(this.environmentOutbox);
    for (const pet of waited) toasts.say(() => t('add.sent', { name: pet.name, id: pet.id }));
    if (arrived.length > 0) this.list?.created(arrived, false);
  }

  applyConnectivity(state: RevisedConnectivity): void {
    if (!this.#newest.connectivity.accept(state)) return;
    // The header turning Online: the service takes the key it refused (its keys were put right), so the screens stop
    // asking for one. Only a change: its word from before a refusal does not take the refusal back. A missing key stays.
    const before = this.connectivity.service.health;
    this.connectivity = state;
    if (before !== 'online' && state.service.health === 'online' && this.keyProblem?.kind === 'unauthorized') {
      this.keyProblem = null;
    }
  }

  applyNotice(notice: RevisedNotice): void {
    this.#noticeRevisions[notice.id] = notice.revision;
    const { revision: _revision, ...shown } = notice;
    this.notices = [...this.notices.filter((other) => other.id !== notice.id), shown];
  }

  /** The status reply: its notices, plus any notice event newer than the reply. */
  applyStatus(status: AppStatus): void {
    this.applyConnectivity(status.connectivity);
    const listed = status.notices.map((notice) => notice.id);
    const newer = this.notices.filter(
      (notice) => !listed.includes(notice.id) && (this.#noticeRevisions[notice.id] ?? -1) > status.revision,
    );
    this.notices = [...status.notices, ...newer];
  }

  /** Names a category id (or renames it); answers the field's problem, or null when saved. */
  async setCategoryLabel(category: CategoryLabel): Promise<Wording | null> {
    // The form's words first (any wrong id as the one range rule); main's refusal is the backstop.
    const problem = checkCategoryLabel(category, this.categories);
    if (problem !== null) return problem;
    const result = await call(this.#api, 'setCategoryLabel', { category });
    if (!result.ok) return () => problemText(result.error, 'category');
    this.#takeCategories(result);
    return null;
  }

  /** Takes the name off a category id; answers the problem to show, or null when done. */
  async removeCategoryLabel(id: string): Promise<Wording | null> {
    const result = await call(this.#api, 'removeCategoryLabel', { id });
    if (!result.ok) return () => errorText(result.error);
    this.#takeCategories(result);
    return null;
  }

  /** Changes some of the clerk's screen choices; the others stay as they are. */
  async setPreferences(change: { [K in keyof Preferences]?: Preferences[K] | undefined }): Promise<Wording | null> {
    const next: Record<string, unknown> = { ...(this.#wantedPreferences ?? this.preferences), ...change };
    // A choice taken back (the system's language) is left out, not sent as undefined.
    const preferences = Object.fromEntries(
      Object.entries(next).filter(([, choice]) => choice !== undefined),
    ) as Preferences;
    this.#wantedPreferences = preferences;
    const asked = ++this.#preferencesAsked;
    const result = await call(this.#api, 'setPreferences', { preferences });
    if (asked === this.#preferencesAsked) this.#wantedPreferences = null;
    return this.#settingsFrom(result);
  }

  /** The list's sort for one environment, as the clerk chose it (null: the service's order). */
  setSort(environmentId: EnvironmentId, order: SortOrder | null): Promise<Wording | null> {
    const { [environmentId]: _previous, ...others } = (this.#wantedPreferences ?? this.preferences).sort ?? {};
    return this.setPreferences({ sort: order ? { ...others, [environmentId]: order } : others });
  }

  /** Puts the demo service's own key back; answers the problem to show, or null when done. */
  async restoreDemoKey(): Promise<Wording | null> {
    return this.#settingsFrom(await call(this.#api, 'restoreDemoKey', {}));
  }

  /** Main's answer to a change of settings: taken, or the problem to show. */
  #settingsFrom(result: Result<RevisedSettings>): Wording | null {
    if (!result.ok) return () => errorText(result.error);
    this.applySettings(result.value);
    return null;
  }

  async #loadCategories(known?: Result<CategoryLabels>): Promise<void> {
    const result =
      known?.ok && known.value.environmentId === this.settings?.selected
        ? known
        : await call(this.#api, 'getCategories', {});
    this.#takeCategories(result);
  }

  /** An environment's category names, kept if it is still the one in use. */
  #takeCategories(result: Result<CategoryLabels>): void {
    if (result.ok && result.value.environmentId === this.settings?.selected) this.categories = result.value.categories;
  }

  async selectEnvironment(environmentId: EnvironmentId): Promise<void> {
    this.switchError = null;
    this.#searchAtSwitch = this.list?.filterText ?? null;
    this.switching = true;
    const result = await call(this.#api, 'selectEnvironment', { environmentId });
    if (result.ok) this.applySettings(result.value);
    else this.switchError = errorText(result.error);
    this.#searchAtSwitch = null;
    this.switching = false;
  }

  /** Adds an animal; the outbox and header take the answer's state, so none counts it unsent once it is "Added". */
  readonly addPet = async (pet: NewPet): Promise<Result<CreateReply>> => {
    const result = await call(this.#api, 'createPet', { pet });
    if (result.ok) {
      this.applyOutbox(result.value.outbox);
      this.applyConnectivity(result.value.connectivity);
    }
    return result;
  };

  /** An animal the service created from the add form: in its environment's list, not one opened since. */
  created(pet: Pet, environmentId: EnvironmentId): void {
    if (this.list?.environmentId === environmentId) this.list.created([pet]);
  }

  reportKeyProblem(error: AppError): void {
    this.keyProblem = error;
  }

  /** Back on the list after visiting the key entry: ask again rather than repeat an old refusal. */
  retryAfterKeyProblem(): void {
    if (this.keyProblem === null) return;
    this.keyProblem = null;
    void this.list?.refresh();
  }

  dismissNotice(id: string): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  #newList(settings: SettingsView): ListState {
    const early = this.#earlyCatalogue;
    this.#earlyCatalogue = undefined;
    const typed = this.list?.filterText;
    const list = new ListState({
      ...(early && { early }),
      api: this.#api,
      environmentId: settings.selected,
      categories: () => this.categories,
      language: () => i18n.locale,
      outbox: this.environmentOutbox,
      onKeyProblem: (error) => this.reportKeyProblem(error),
      sort: settings.preferences.sort?.[settings.selected] ?? null,
      onSort: (order) => void this.setSort(settings.selected, order),
    });
    if (this.#searchAtSwitch !== null && typed !== undefined && typed !== this.#searchAtSwitch) list.filterText = typed;
    return list;
  }
}
