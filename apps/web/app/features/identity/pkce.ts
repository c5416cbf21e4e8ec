// PKCE (RFC 7636, S256 only) and the random values of an authorization request, with Web Crypto.

/** base64url without padding (RFC 4648 §5), as PKCE and JWTs use it. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(value: string): Uint8Array {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A random URL-safe string from `byteLength` random bytes (32 bytes → 43 characters, 256 bits). */
export function randomToken(byteLength = 32, crypto: Crypto = globalThis.crypto): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** A code verifier: 43 characters from the unreserved set, the RFC's recommended 256 bits of entropy. */
export function createCodeVerifier(crypto: Crypto = globalThis.crypto): string {
  return randomToken(32, crypto);
}

/** The S256 code challenge: base64url(SHA-256(ASCII(verifier))). */
export async function createCodeChallenge(
  verifier: string,
  crypto: Crypto = globalThis.crypto,
): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
