export declare function minimumOf(range: string): [number, number, number];
export declare function nodeVersionProblem(version: string, range: string): string | undefined;
export declare function requiredRange(): string;
