import { gcm } from '@noble/ciphers/aes.js';
import { bytesToUtf8, hexToBytes, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';

/**
 * Obfuscation of cached values (spec §9 "values are encrypted"): AES-256-GCM under a key that
 * ships in the bundle. Anyone holding the bundle can decrypt, so this keeps values from being
 * read or edited casually in the browser's storage panel; it is not a security boundary. GCM's
 * tag makes any edit detectable: a tampered value does not open and reads as missing.
 *
 * Sealed form: base64 of a random 12-byte nonce followed by the ciphertext and tag.
 */
const KEY = hexToBytes('5a1f0c3e9b7d42a6e8c1f4b39d6a20e7c4b8f1a35e9d07c26b3fa4d18e5c7b90');
const NONCE_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function sealText(plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = gcm(KEY, nonce).encrypt(utf8ToBytes(plain));
  const out = new Uint8Array(NONCE_BYTES + sealed.length);
  out.set(nonce);
  out.set(sealed, NONCE_BYTES);
  return toBase64(out);
}

/** The plain text, or null when `sealed` is not a value sealed by this app (edited, truncated, foreign). */
export function openText(sealed: string): string | null {
  try {
    const bytes = fromBase64(sealed);
    if (bytes.length <= NONCE_BYTES) return null;
    return bytesToUtf8(gcm(KEY, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES)));
  } catch {
    return null;
  }
}
