/** Choices this computer's clerk makes that stay on this computer (the page's localStorage). */
export class Preferences {
  scannerEnabled = $state(true);
  readonly #storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;

  constructor(storage?: Pick<Storage, 'getItem' | 'setItem'>) {
    this.#storage = storage;
    this.scannerEnabled = storage?.getItem('scanner') !== 'off';
  }

  setScannerEnabled(enabled: boolean): void {
    this.scannerEnabled = enabled;
    this.#storage?.setItem('scanner', enabled ? 'on' : 'off');
  }
}
