import type { PetStatus } from '../../../shared/pet';
import { t, type MessageId } from '../i18n/i18n.svelte';

export type ShortcutAction =
  | { type: 'add' }
  | { type: 'filter' }
  | { type: 'refresh' }
  | { type: 'lookup' }
  | { type: 'status'; status: PetStatus | undefined }
  | { type: 'close' }
  | { type: 'help' };

/** The parts of a KeyboardEvent the mapping needs, so it can be tested without a DOM. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True when the focus is in a text field, where `?` is a character to type. */
  inTextField: boolean;
}

const STATUS_KEYS: Record<string, PetStatus | undefined> = {
  '1': undefined,
  '2': 'available',
  '3': 'pending',
  '4': 'sold',
};

/** Ctrl on Windows and Linux, Cmd on macOS: either modifier counts, so one table serves every platform. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.key === 'Escape') return { type: 'close' };
  const command = (press.ctrlKey || press.metaKey) && !press.altKey;
  if (command) {
    const key = press.key.toLowerCase();
    if (key === 'n') return { type: 'add' };
    if (key === 'f') return { type: 'filter' };
    if (key === 'r') return { type: 'refresh' };
    if (key === 'l') return { type: 'lookup' };
    if (key in STATUS_KEYS) return { type: 'status', status: STATUS_KEYS[key] };
    return null;
  }
  if (press.key === '?' && !press.inTextField && !press.altKey) return { type: 'help' };
  return null;
}

/** What the `?` overlay lists, each action a message; `Mod` is shown as Ctrl or ⌘ for the platform. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; action: MessageId }> = [
  { keys: 'Mod+N', action: 'shortcut.add' },
  { keys: 'Mod+F', action: 'shortcut.search' },
  { keys: 'Mod+R', action: 'shortcut.refresh' },
  { keys: 'Mod+L', action: 'shortcut.lookup' },
  { keys: 'Mod+1', action: 'shortcut.all' },
  { keys: 'Mod+2', action: 'shortcut.available' },
  { keys: 'Mod+3', action: 'shortcut.pending' },
  { keys: 'Mod+4', action: 'shortcut.sold' },
  { keys: 'Esc', action: 'shortcut.closePanel' },
  { keys: '?', action: 'shortcut.help' },
];

/** How a shortcut's keys read in the language in use: Ctrl (Strg in German) or ⌘, Esc (Échap in French). */
export function describeKeys(keys: string, isMac: boolean): string {
  if (keys === 'Esc') return t('keys.escape');
  const key = /^Mod\+(.+)$/.exec(keys)?.[1];
  return key ? t(isMac ? 'keys.command' : 'keys.control', { key }) : keys;
}
