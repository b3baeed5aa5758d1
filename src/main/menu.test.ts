import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, type MenuItemTemplate } from './menu';

function roles(items: MenuItemTemplate[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
}

describe('the application menu', () => {
  it('gives every platform the standard edit and window menus (copy and paste work in forms)', () => {
    for (const isMac of [true, false]) {
      expect(roles(buildMenuTemplate({ isMac, isDevelopment: false }))).toEqual(
        expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'zoomIn', 'togglefullscreen']),
      );
    }
    expect(roles(buildMenuTemplate({ isMac: true, isDevelopment: false }))[0]).toBe('appMenu');
  });

  it('offers reload and devtools only in development', () => {
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: false }))).not.toContain('toggleDevTools');
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: false }))).not.toContain('reload');
    expect(roles(buildMenuTemplate({ isMac: false, isDevelopment: true }))).toContain('toggleDevTools');
  });
});
