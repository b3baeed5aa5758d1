import type { ShellText } from './shell-text/shell-text';

/** Electron's MenuItemConstructorOptions, as far as this menu uses it. */
export interface MenuItemTemplate {
  role?:
    | 'appMenu'
    | 'fileMenu'
    | 'editMenu'
    | 'windowMenu'
    | 'reload'
    | 'forceReload'
    | 'toggleDevTools'
    | 'resetZoom'
    | 'zoomIn'
    | 'zoomOut'
    | 'togglefullscreen'
    | 'about';
  label?: string;
  type?: 'separator';
  submenu?: MenuItemTemplate[];
}

/**
 * The application menu, from Electron's standard roles so every platform
 * gets its native edit shortcuts (copy and paste in forms) and window
 * handling (Electron words the roles). Reload and devtools appear only in
 * development.
 */
export function buildMenuTemplate(options: {
  isMac: boolean;
  isDevelopment: boolean;
  text: ShellText;
}): MenuItemTemplate[] {
  const developer: MenuItemTemplate[] = options.isDevelopment
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: options.text('menu.view'),
      submenu: [
        ...developer,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    ...(options.isMac ? [] : [{ label: options.text('menu.help'), submenu: [{ role: 'about' } as const] }]),
  ];
}
