import { execFileSync } from 'node:child_process';

/**
 * The commit a build is made from, for the About page: `git rev-parse --short HEAD` in `cwd`;
 * where git or the repository is missing (a Docker build context leaves `.git` out), the
 * `BUILD_COMMIT` setting, else `unknown`. Never fails the build.
 */
export function buildCommit(cwd: string, env: Record<string, string | undefined> = process.env): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    if (/^[0-9a-f]{4,64}$/.test(commit)) return commit;
  } catch {
    // no git, not a repository, or no commit yet: the setting or `unknown`
  }
  return env.BUILD_COMMIT?.trim() || 'unknown';
}
