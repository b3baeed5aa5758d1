import { describe, expect, it } from 'vitest';
import { createGestureGate, safeExternalUrl } from './external-links';
import {
  decideNavigation,
  decideWindowOpen,
  denyDevicePermission,
  denyDisplayMedia,
  denyPermissionCheck,
  denyPermissionRequest,
} from './navigation';

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

describe('openExternal refuses anything but a public https site', () => {
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
    ['plain http, readable and changeable on the way', 'http://example.com/help'],
    ['the computer itself', 'https://127.0.0.1:8080/admin'],
    ['the computer itself, spelled in hex', 'https://0x7f.1/'],
    ['the computer itself, as one number', 'https://2130706433/'],
    ['the computer itself, as IPv6', 'https://[::1]/'],
    ['the computer itself, inside an IPv6 address', 'https://[::ffff:127.0.0.1]/'],
    ['localhost', 'https://localhost:5173/'],
    ['a .localhost name', 'https://api.localhost/'],
    ['a local network name', 'https://printer.local/'],
    ['a bare intranet name', 'https://router/'],
    ['the shop’s router', 'https://192.168.1.1/config'],
    ['a 10/8 server', 'https://10.0.0.5/'],
    ['a 172.16/12 server', 'https://172.31.255.254/'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['a carrier-grade NAT address', 'https://100.64.0.1/'],
    ['an IPv6 unique-local address', 'https://[fd12:3456::1]/'],
    ['an IPv6 link-local address', 'https://[fe80::1]/'],
  ])('refuses %s', (_attack, url) => {
    expect(safeExternalUrl(url)).toBeUndefined();
  });

  it('accepts web links, normalised', () => {
    expect(safeExternalUrl('https://example.com/docs')).toBe('https://example.com/docs');
    expect(safeExternalUrl('  HTTPS://Example.com  ')).toBe('https://example.com/');
    expect(safeExternalUrl('https://172.32.0.1/')).toBe('https://172.32.0.1/');
    expect(safeExternalUrl('https://[2001:db8::1]/')).toBe('https://[2001:db8::1]/');
  });
});

describe('a link opens outside only when the clerk clicked or pressed a key', () => {
  it('refuses a page that opens links on its own, and opens once per click', () => {
    let clock = 10_000;
    const gate = createGestureGate(() => clock);
    expect(gate.consume()).toBe(false); // a script called window.open with nobody at the counter
    gate.noteInput('mouseMove');
    expect(gate.consume()).toBe(false); // moving the mouse is not asking for anything
    gate.noteInput('mouseUp');
    expect(gate.consume()).toBe(true);
    expect(gate.consume()).toBe(false); // one click, one link: no burst of tabs
    gate.noteInput('keyDown');
    clock += 5_000;
    expect(gate.consume()).toBe(false); // long after the key press, it is the page acting alone
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

  it('denies USB, serial and HID devices and screen capture', () => {
    expect(denyDevicePermission()).toBe(false);
    const answers: unknown[] = [];
    denyDisplayMedia({}, (streams) => answers.push(streams));
    expect(answers).toEqual([{}]); // no video and no audio source: the capture is refused
  });
});
