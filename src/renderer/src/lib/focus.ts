import { tick } from 'svelte';

/** The ids focus moves to, named once for the screens that own them and the code that moves focus. */
export const FOCUS_TARGETS = {
  quickFilter: 'quick-filter',
  lookupId: 'lookup-id',
  petName: 'pet-name',
  addButton: 'add-animal',
  addTitle: 'add-title',
  screenHeading: (screen: string) => `${screen}-title`,
  apiKey: (environmentId: string) => `key-${environmentId}`,
} as const;

/** Moves focus once the screen has rendered; `select` also selects an input's text, ready to be typed over. */
export async function focusById(id: string, { select = false } = {}): Promise<void> {
  await tick();
  const element = document.getElementById(id);
  element?.focus();
  if (select && element instanceof HTMLInputElement) element.select();
}

/** Whether a key press is typing: there `?` is a character, not the shortcut list. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type);
}
