// Reads a JWT's claims without verifying it. The browser only reads what the token endpoint handed it over
// TLS (its own id token, checked by oauth4webapi when it came: oidc-protocol.ts; the access token's expiry);
// the API verifies every access token through the JWKS.

export type JwtClaims = Record<string, unknown>;

/** base64url without padding (RFC 4648 §5), as JWTs use it. */
function base64UrlDecode(value: string): Uint8Array {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The payload of a compact JWS, or null when the value is not one. */
export function decodeJwtClaims(token: string | null | undefined): JwtClaims | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = new TextDecoder().decode(base64UrlDecode(parts[1]));
    const claims: unknown = JSON.parse(json);
    return typeof claims === "object" && claims !== null && !Array.isArray(claims)
      ? (claims as JwtClaims)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in milliseconds since the epoch, or null. */
export function expiryFromClaims(claims: JwtClaims | null): number | null {
  const exp = claims?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}
