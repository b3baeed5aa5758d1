import type { Result, SettingsView } from '../../shared';
import type { Core } from './core';

export interface DemoService {
  readonly baseUrl: string;
  /** Absent when the clerk is to enter the key (a first run's "enter your key" path). */
  readonly apiKey?: string;
}

/** A first run: the chosen environment has no key yet, so a developer lands on the demo service. */
export function shouldSelectDemo(settings: SettingsView): boolean {
  const selected = settings.environments.find((environment) => environment.id === settings.selected);
  return settings.selected !== 'demo' && !selected?.hasKey;
}

/**
 * Points the demo environment at a reference service that was started
 * alongside (by `npm start`, the web preview or a test), stores its key when
 * one is known, and selects it on a first run. The Electron shell and the
 * web preview both start this way.
 */
export async function useDemoService(
  core: Pick<Core, 'invoke' | 'rememberDemoKey'>,
  demo: DemoService,
  { selectOnFirstRun = true }: { selectOnFirstRun?: boolean } = {},
): Promise<Result<SettingsView>> {
  const current = await core.invoke('getSettings', {});
  // The organisation's policy decides the demo environment on this computer: hidden or locked, it is left alone.
  const demoEnvironment = current.ok
    ? current.value.environments.find((environment) => environment.id === 'demo')
    : undefined;
  const policy = current.ok ? current.value.policy : undefined;
  if (!current.ok || policy?.demoHidden || policy?.administrationLocked || demoEnvironment?.managed) return current;
  let settings = await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: demo.baseUrl });
  if (settings.ok && demo.apiKey) {
    core.rememberDemoKey(demo.apiKey, demo.baseUrl);
    settings = await core.invoke('setApiKey', { environmentId: 'demo', apiKey: demo.apiKey });
  }
  if (settings.ok && selectOnFirstRun && shouldSelectDemo(settings.value)) {
    settings = await core.invoke('selectEnvironment', { environmentId: 'demo' });
  }
  return settings;
}
