import type { PetStatus } from '../../../shared/pet';
import { isTextField } from './focus';
import { shortcutFor, type ShortcutAction } from './shortcuts';

/** What the app does for each shortcut; the view supplies it. */
export interface ShortcutHandlers {
  close(): Promise<void> | void;
  add(): Promise<void>;
  filter(): Promise<void>;
  refresh(): Promise<void>;
  lookup(): Promise<void>;
  status(status: PetStatus | undefined): Promise<void>;
  help(): void;
}

/** The action a key press asks for, if any; only Escape gets through while the shortcut list is open. */
export function actionFor(event: KeyboardEvent, helpOpen: boolean): ShortcutAction | null {
  const action = shortcutFor({
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    inTextField: isTextField(event.target),
  });
  if (!action || (helpOpen && action.type !== 'close')) return null;
  return action;
}

export async function runShortcut(action: ShortcutAction, handlers: ShortcutHandlers): Promise<void> {
  switch (action.type) {
    case 'status':
      return handlers.status(action.status);
    case 'help':
      handlers.help();
      return;
    default:
      return handlers[action.type]();
  }
}
