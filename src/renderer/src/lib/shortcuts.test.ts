import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.svelte';
import { describeKeys, shortcutFor, type KeyPress } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...extra,
});

describe('keyboard shortcuts', () => {
  it('answer to Ctrl on Windows and Linux and to Cmd on macOS', () => {
    expect(shortcutFor(press('n', { ctrlKey: true }))).toEqual({ type: 'add' });
    expect(shortcutFor(press('N', { metaKey: true }))).toEqual({ type: 'add' });
    expect(shortcutFor(press('f', { ctrlKey: true }))).toEqual({ type: 'filter' });
    expect(shortcutFor(press('r', { metaKey: true }))).toEqual({ type: 'refresh' });
    expect(shortcutFor(press('l', { ctrlKey: true }))).toEqual({ type: 'lookup' });
  });

  it('map 1 to 4 onto all, available, pending and sold', () => {
    expect(shortcutFor(press('1', { ctrlKey: true }))).toEqual({ type: 'status', status: undefined });
    expect(shortcutFor(press('2', { ctrlKey: true }))).toEqual({ type: 'status', status: 'available' });
    expect(shortcutFor(press('3', { ctrlKey: true }))).toEqual({ type: 'status', status: 'pending' });
    expect(shortcutFor(press('4', { metaKey: true }))).toEqual({ type: 'status', status: 'sold' });
  });

  it('leave ? to be typed in a text field, and plain letters alone', () => {
    expect(shortcutFor(press('?'))).toEqual({ type: 'help' });
    expect(shortcutFor(press('?', { inTextField: true }))).toBeNull();
    expect(shortcutFor(press('n'))).toBeNull();
    expect(shortcutFor(press('n', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('close with Escape anywhere', () => {
    expect(shortcutFor(press('Escape', { inTextField: true }))).toEqual({ type: 'close' });
  });

  it('name the keys as the keyboards of the language in use label them', () => {
    expect(describeKeys('Mod+N', false)).toBe('Ctrl+N');
    expect(describeKeys('Mod+N', true)).toBe('⌘+N');
    expect(describeKeys('Esc', false)).toBe('Esc');
    expect(describeKeys('?', false)).toBe('?');
    try {
      i18n.choose('de');
      expect(describeKeys('Mod+1', false)).toBe('Strg+1');
      i18n.choose('fr');
      expect(describeKeys('Esc', false)).toBe('Échap');
    } finally {
      i18n.choose(null);
    }
  });
});
