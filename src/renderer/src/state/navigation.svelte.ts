/** The app's screens, in the order the navigation lists them; each is named by the message `nav.<id>`. */
export const SCREENS = [{ id: 'animals' }, { id: 'lookup' }, { id: 'settings' }] as const;

export type Screen = (typeof SCREENS)[number]['id'];

/** Which screen is shown and which panels are open; focus follows in the view, not here. */
export class Navigation {
  screen = $state<Screen>('animals');
  addOpen = $state(false);
  helpOpen = $state(false);
  /** The outbox drawer, opened from the sync badge. */
  outboxOpen = $state(false);
  /** Settings' administration part (addresses, keys): collapsed until asked for. */
  adminOpen = $state(false);

  /** A dialog is over the screens: shortcuts other than Esc wait. */
  get dialogOpen(): boolean {
    return this.helpOpen || this.outboxOpen;
  }

  /** Shows a screen; says whether it changed. */
  show(next: Screen): boolean {
    const changed = this.screen !== next;
    this.screen = next;
    return changed;
  }

  /** Esc: the innermost open thing closes; says what closed. */
  close(): 'help' | 'outbox' | 'add' | 'screen' | null {
    if (this.helpOpen) return 'help';
    if (this.outboxOpen) return 'outbox';
    if (this.addOpen) {
      this.addOpen = false;
      return 'add';
    }
    if (this.screen !== 'animals') {
      this.screen = 'animals';
      return 'screen';
    }
    return null;
  }
}
