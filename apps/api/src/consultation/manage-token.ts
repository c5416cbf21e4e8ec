import { createHmac, timingSafeEqual } from "node:crypto";

// The mail's link to move or cancel a consultation (ADR 031): `<id>.<version>.<mac>`, the MAC an HMAC-SHA256
// under DOCUMENT_LINK_KEY, as the money documents' links are signed (invoice-service.ts documentLinkToken),
// over a purpose of its own: a token made for anything else (an invoice's link) never passes here, nor this
// one there. The version is the booking's manage_version, one higher once it is cancelled, so the links
// handed out before then act no more. Nothing is stored: the row's id and version are enough to check it.

const PURPOSE = "consultation-manage";

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, id: string, version: number): string =>
  createHmac("sha256", key).update(`${PURPOSE}:${id}:${version}`).digest("base64url");

export function consultationManageToken(key: Buffer, id: string, version: number): string {
  return `${id}.${version}.${mac(key, id, version)}`;
}

/** The booking and version a token names, or null for anything we did not sign for this purpose. */
export function readConsultationManageToken(
  key: Buffer,
  token: string,
): { id: string; version: number } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id = "", versionText = "", given = ""] = match;
  const version = Number(versionText);
  const expected = Buffer.from(mac(key, id, version));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? { id, version } : null;
}
