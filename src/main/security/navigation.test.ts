import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './external-links';
import { decideNavigation, decideWindowOpen, denyPermissionCheck, denyPermissionRequest } from './navigation';

describe('navigation and new windows', () => {
  it('never lets the app window leave its page, even for the app’s own URL', () => {
    for (const url of ['app://petstore/other.html', 'https://evil.example/', 'file:///etc/passwd', 'about:blank']) {
      expect(decideNavigation(url).allowInApp).toBe(false);
    }
  });

  it('sends a clicked web link to the system browser instead of the app window', () => {
    expect(decideNavigation('https://petstore.example.com/help')).toEqual({
      allowInApp: false,
      openExternally: 'https://petstore.example.com/help',
    });
    expect(decideWindowOpen('https://petstore.example.com/help').openExternally).toBe(
      'https://petstore.example.com/help',
    );
  });

  it('opens no window and nothing outside for a target=_blank to a local file or script', () => {
    for (const url of ['file:///C:/Windows/System32/calc.exe', 'javascript:alert(1)', 'app://petstore/index.html']) {
      expect(decideWindowOpen(url)).toEqual({ allowInApp: false });
    }
  });
});

describe('openExternal refuses anything but http(s)', () => {
  it.each([
    ['a local program', 'file:///C:/Windows/System32/calc.exe'],
    ['a script', 'javascript:alert(document.cookie)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a Windows settings handler', 'ms-settings:privacy'],
    ['a network share', 'smb://attacker/share'],
    ['another app’s custom scheme', 'slack://open?team=x'],
    ['the app’s own scheme', 'app://petstore/index.html'],
    ['a web link with credentials for phishing', 'https://bank.example.com@evil.example/'],
    ['garbage', 'not a url'],
  ])('refuses %s', (_attack, url) => {
    expect(safeExternalUrl(url)).toBeUndefined();
  });

  it('accepts web links, normalised', () => {
    expect(safeExternalUrl('https://example.com/docs')).toBe('https://example.com/docs');
    expect(safeExternalUrl('  HTTP://Example.com  ')).toBe('http://example.com/');
  });
});

describe('permissions', () => {
  it('denies every permission the page could ask for', () => {
    const answers: boolean[] = [];
    const asked = [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fileSystem',
      'hid',
      'usb',
    ];
    for (const permission of asked) denyPermissionRequest({}, permission, (granted) => answers.push(granted));
    expect(answers).toEqual(asked.map(() => false));
    expect(denyPermissionCheck()).toBe(false);
  });
});
