/** Types of scripts/lib/server.mjs for the browser suite's global setup. */
export declare const root: string;
export declare const serverDist: string;
export declare function freePort(): Promise<number>;
export interface RunningServer {
  pid: number | undefined;
  output: () => string;
  stop: () => Promise<void>;
}
export declare function spawnServer(options: {
  env: NodeJS.ProcessEnv;
  healthUrl: string;
  cwd?: string;
  dist?: string;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}): Promise<RunningServer>;
export declare function startServer(env: NodeJS.ProcessEnv, nodeArgs?: string[], dist?: string): Promise<RunningServer & { port: number }>;
export declare function embeddedUrl(dataDir: string): string;
