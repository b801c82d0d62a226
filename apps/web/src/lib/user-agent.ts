import Bowser from 'bowser';

/** What a person recognises of a browser's user agent: its browser and system, each with its version when known. */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

/**
 * The browser and system a user agent names (bowser, a maintained parser: user agents are too
 * varied to match by hand). Null parts when the string is missing or says nothing known.
 */
export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ') || null;
  // The major version is what tells two browsers apart; the rest is noise on a small screen.
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: parsed.browser.name ? join(parsed.browser.name, major) : null,
    os: parsed.os.name ? join(parsed.os.name, parsed.os.versionName ?? parsed.os.version) : null,
  };
}
