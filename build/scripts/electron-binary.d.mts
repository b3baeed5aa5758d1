export declare function findElectronBinary(
  projectRoot: string,
  env?: Readonly<Record<string, string | undefined>>,
): string | undefined;
