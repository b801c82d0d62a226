import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, openSecret, sealSecret } from '../../src/lib/handoff.js';
import { EnvError, loadEnv } from '../../src/env.js';

describe('password hand-off cipher', () => {
  it('round-trips, uses a fresh IV each time, and refuses another key or a tampered text', () => {
    const key = randomBytes(32);
    const a = sealSecret(key, 'Secret123');
    const b = sealSecret(key, 'Secret123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret123');
    expect(openSecret(key, a)).toBe('Secret123');
    expect(openSecret(randomBytes(32), a)).toBeNull();
    const parts = a.split('.');
    parts[3] = Buffer.from('Secret124').toString('base64url');
    expect(openSecret(key, parts.join('.'))).toBeNull();
    expect(openSecret(key, 'garbage')).toBeNull();
  });

  it('embedded mode keeps one key in DATA_DIR/handoff.key (0600), reused across starts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'handoff-'));
    try {
      const first = await loadOrCreateKeyFile(dir);
      const second = await loadOrCreateKeyFile(dir);
      expect(first.equals(second)).toBe(true);
      expect(first).toHaveLength(32);
      expect((await stat(path.join(dir, 'handoff.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(dir, 'handoff.key'), 'utf8')).trim()).toBe(first.toString('hex'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('HANDOFF_KEY takes 64 hex characters or base64 of 32 bytes, nothing else', () => {
    const key = randomBytes(32);
    expect(loadEnv({ HANDOFF_KEY: key.toString('hex') }).HANDOFF_KEY?.equals(key)).toBe(true);
    expect(loadEnv({ HANDOFF_KEY: key.toString('base64') }).HANDOFF_KEY?.equals(key)).toBe(true);
    expect(loadEnv({}).HANDOFF_KEY).toBeUndefined();
    expect(() => loadEnv({ HANDOFF_KEY: 'short' })).toThrow(EnvError);
    expect(() => loadEnv({ HANDOFF_KEY: randomBytes(16).toString('hex') })).toThrow(/HANDOFF_KEY: must be 32 bytes/);
  });
});
