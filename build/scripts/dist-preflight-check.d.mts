export interface PreflightDeps {
  env: Readonly<Record<string, string | undefined>>;
  publish: unknown;
  canReach: (hosts: string[]) => Promise<boolean>;
  cachesReady: () => boolean;
  complain: (paragraph: string) => void;
}
export declare function distHosts(env: Readonly<Record<string, string | undefined>>): string[];
export declare function cacheDirs(
  env: Readonly<Record<string, string | undefined>>,
  platform?: NodeJS.Platform,
  home?: string,
): { electron: string; builder: string };
export declare function feedProblem(publish: unknown): string | undefined;
export declare function offlineParagraph(hosts: string[]): string;
export declare function distPreflight(deps: PreflightDeps): Promise<number>;
