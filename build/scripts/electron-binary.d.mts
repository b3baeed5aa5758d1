export declare function findElectronBinary(
  projectRoot: string,
  env?: Readonly<Record<string, string | undefined>>,
): string | undefined;
export declare const NO_ELECTRON_MESSAGE: string;
