export interface StartDeps {
  env: Readonly<Record<string, string | undefined>>;
  findBinary: () => string | undefined;
  canReach: (host: string) => Promise<boolean>;
  install: (options: { quiet: boolean }) => Promise<boolean>;
  launch: (binary: string) => Promise<number>;
  say: (line: string) => void;
  complain: (paragraph: string) => void;
}
export declare function noElectronParagraph(reason: string): string;
export declare function downloadHost(env: Readonly<Record<string, string | undefined>>): string;
export declare function startApp(deps: StartDeps): Promise<number>;
