import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from '../user-agent';

describe('summariseUserAgent', () => {
  it('names the browser with its major version and the system with its version', () => {
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toEqual({ browser: 'Microsoft Edge 120', os: 'Windows 10' });
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'iOS 17.2' });
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36',
      ),
    ).toEqual({
      browser: 'Chrome 131',
      os: 'Linux',
    });
  });

  it('knows nothing of a missing or unknown user agent', () => {
    expect(summariseUserAgent(null)).toEqual({ browser: null, os: null });
    expect(summariseUserAgent('')).toEqual({ browser: null, os: null });
    expect(summariseUserAgent('curl/8.0')).toEqual({ browser: null, os: null });
  });
});
