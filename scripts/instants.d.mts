import type { ViteUserConfig } from 'vitest/config';

/** Types of scripts/instants.mjs for the workspaces' vitest.instants.config.ts. */
export declare const INSTANTS: ReadonlyArray<readonly [at: string, why: string]>;
export declare const DATES_TAG: { name: string; description: string };
export declare function chosenInstants(): ReadonlyArray<readonly [at: string, why: string]>;
export declare function dateSensitiveFiles(base: string, clock: string, dirs: string[]): string[];
export declare function instantsConfig(base: ViteUserConfig, files: string[]): ViteUserConfig;
export declare function instantsInOneRunConfig(base: ViteUserConfig, files: string[]): ViteUserConfig;
