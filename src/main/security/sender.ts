import { isAppUrl } from './trusted-url';

/** What the shell knows about the frame that sent an IPC message. */
export interface SenderFacts {
  /** URL of the sending frame; undefined when the frame is gone or navigated away. */
  readonly frameUrl: string | undefined;
  /** The frame is its page's top frame, not an iframe inside it. */
  readonly isMainFrame: boolean;
  /** The page is the app's main window, not some other webContents. */
  readonly fromMainWindow: boolean;
  /** The electron-vite dev server, trusted in development only. */
  readonly devServerUrl?: string;
}

/**
 * Every condition must hold for a message to reach the core: the main
 * window's own top frame showing the app's own page. Anything unknown is a
 * refusal, so a missing frame or URL can never slip through.
 */
export function isTrustedSender(facts: SenderFacts): boolean {
  if (!facts.fromMainWindow || !facts.isMainFrame || facts.frameUrl === undefined) return false;
  return isAppUrl(facts.frameUrl, facts.devServerUrl);
}
