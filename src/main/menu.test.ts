import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, type MenuItemTemplate } from './menu';
import { shellText } from './shell-text/shell-text';

const text = shellText('en');

function roles(items: MenuItemTemplate[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
}

describe('the application menu', () => {
  it('gives every platform the standard edit and window menus (copy and paste work in forms)', () => {
    for (const isMac of [true, false]) {
      expect(roles(buildMenuTemplate({ isMac, isDevelopment: false, text }))).toEqual(
        expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'zoomIn', 'togglefullscreen']),
      );
    }
    expect(roles(buildMenuTemplate({ isMac: true, isDevelopment: false, text }))[0]).toBe('appMenu');
  });

  it('names its own menus in the language it is given (Electron names the standard ones)', () => {
    const labels = (items: MenuItemTemplate[]) => items.flatMap((item) => (item.label ? [item.label] : []));
    expect(labels(buildMenuTemplate({ isMac: false, isDevelopment: false, text }))).toEqual(['View', 'Help']);
    expect(labels(buildMenuTemplate({ isMac: false, isDevelopment: false, text: shellText('de') }))).toEqual([
      'Ansicht',
      'Hilfe',
    ]);
  });

  it('offers reload and devtools only in development', () => {
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: false, text }))).not.toContain('toggleDevTools');
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: false, text }))).not.toContain('reload');
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: true, text }))).toContain('toggleDevTools');
  });
});
