import type { Plugin } from 'vite';

/**
 * Writes `build.json` (version, commit, build time) beside index.html: what the open app
 * compares with its own build to offer a reload when a new one is deployed
 * (features/new-version). The server revalidates it on every request like index.html.
 */
export function buildStamp(stamp: { version: string; commit: string; builtAt: string }): Plugin {
  return {
    name: 'agent-bo-build-stamp',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify(stamp)}\n` });
    },
  };
}
