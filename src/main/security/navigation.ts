import { safeExternalUrl } from './external-links';

/** What to do when the page tries to go somewhere: never in the app window; maybe in the browser. */
export interface LinkDecision {
  readonly allowInApp: false;
  /** Set when the target is a safe http(s) link the system browser may show. */
  readonly openExternally?: string;
}

function denyAndMaybeOpen(url: string): LinkDecision {
  const external = safeExternalUrl(url);
  return external ? { allowInApp: false, openExternally: external } : { allowInApp: false };
}

/** `will-navigate`: the app is one page, so every navigation is refused; a safe web link may go to the browser. */
export function decideNavigation(url: string): LinkDecision {
  return denyAndMaybeOpen(url);
}

/** `setWindowOpenHandler`: no new app windows ever; a safe web link goes to the browser. */
export function decideWindowOpen(url: string): LinkDecision {
  return denyAndMaybeOpen(url);
}

/** Electron's permission handlers: every request and every check is answered no. */
export function denyPermissionRequest(
  _webContents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

export function denyPermissionCheck(): boolean {
  return false;
}

/** `setDevicePermissionHandler`: no USB, serial or HID device. */
export function denyDevicePermission(): boolean {
  return false;
}

/** `setDisplayMediaRequestHandler`: answering with no source refuses the screen capture. */
export function denyDisplayMedia(_request: unknown, callback: (streams: Record<string, never>) => void): void {
  callback({});
}
