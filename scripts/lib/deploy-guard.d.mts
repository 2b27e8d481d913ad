/** Types for deploy-guard.mjs (plain JS so the deploy script needs no TypeScript runner). */
export declare function deployProblems(toml: string): string[];
