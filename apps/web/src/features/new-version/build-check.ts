/**
 * Which build of the app is deployed: the build writes `build.json` beside index.html
 * (build/build-stamp.ts), served revalidated on every request, and defines the same facts in the
 * bundle. A page whose own build differs from the deployed one runs old code.
 */
export interface BuildStamp {
  version: string;
  commit: string;
  builtAt: string;
}

/** A build's identity: its commit and the time it was made (two builds of one commit differ). */
export function buildId(stamp: Pick<BuildStamp, 'commit' | 'builtAt'>): string {
  return `${stamp.commit}@${stamp.builtAt}`;
}

/** This page's build; null where the bundle was not built (the unit tests, the dev server's first start). */
export function ownBuildId(): string | null {
  return typeof __BUILD_TIME__ === 'string' && typeof __BUILD_COMMIT__ === 'string'
    ? buildId({ commit: __BUILD_COMMIT__, builtAt: __BUILD_TIME__ })
    : null;
}

/** Where the deployed build's stamp is served. */
export const BUILD_STAMP_PATH = '/build.json';

/** The deployed build, or null when it cannot be told (offline, no build.json on the dev server, not a stamp). */
export async function deployedBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(BUILD_STAMP_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const stamp = (await response.json()) as Partial<BuildStamp>;
    return typeof stamp.commit === 'string' && typeof stamp.builtAt === 'string'
      ? buildId({ commit: stamp.commit, builtAt: stamp.builtAt })
      : null;
  } catch {
    return null;
  }
}
