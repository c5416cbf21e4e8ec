import type { DiaryAttachment, DiaryEntry, DiaryEntryBody, DiaryUpload } from "@argine/core/diary/diary-api";
import { randomIp } from "./identity.ts";

// The diary's calls as the browser makes them (apps/api/src/diary/diary-service.ts): an attachment sent in
// three steps (its link, the bytes PUT to the storage, the check), then the entry listing it.

/** A PNG's signature and a little after it: what a screenshot's first bytes are. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("schermata del messaggio"),
]);

const headersFor = (token: string) => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
  "x-forwarded-for": randomIp(),
});

/** An attachment sent whole: the check's status and answer (the attachment, or the refusal). */
export async function sendAttachment(
  base: string,
  token: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<{ status: number; body: DiaryAttachment & { message?: string } }> {
  const prepared = await fetch(`${base}/v1/diary/attachments`, {
    method: "POST",
    headers: headersFor(token),
    body: JSON.stringify({ fileName, size: bytes.length }),
  });
  if (prepared.status !== 201)
    return { status: prepared.status, body: (await prepared.json()) as DiaryAttachment };
  const { attachment, upload } = (await prepared.json()) as DiaryUpload;
  const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: bytes });
  await put.arrayBuffer();
  const received = await fetch(`${base}/v1/diary/attachments/${attachment.id}/received`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() },
  });
  return { status: received.status, body: (await received.json()) as DiaryAttachment };
}

export const INCIDENT: Omit<DiaryEntryBody, "practiceId" | "attachmentIds"> = {
  occurredOn: "2026-11-20",
  occurredAt: "22:15",
  platform: "INSTAGRAM",
  urls: ["https://www.instagram.com/p/abc123"],
  who: "Il mio ex compagno",
  what: "Ha pubblicato una mia foto privata con un commento offensivo.",
};

/** An entry written with `attachmentIds` (sent before), in `practiceId` or none. */
export async function writeEntry(
  base: string,
  token: string,
  body: Partial<DiaryEntryBody> = {},
): Promise<{ status: number; body: DiaryEntry }> {
  const response = await fetch(`${base}/v1/diary/entries`, {
    method: "POST",
    headers: headersFor(token),
    body: JSON.stringify({ ...INCIDENT, practiceId: null, attachmentIds: [], ...body }),
  });
  return { status: response.status, body: (await response.json()) as DiaryEntry };
}

/** The switch of one practice. */
export async function shareDiary(base: string, token: string, practiceId: string, shared: boolean) {
  const response = await fetch(`${base}/v1/diary/shares/${practiceId}`, {
    method: "PUT",
    headers: headersFor(token),
    body: JSON.stringify({ shared }),
  });
  return { status: response.status, body: await response.json() };
}
