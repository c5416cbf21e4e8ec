import type { SignedUrl } from "@argine/core/services/services-api";
import { randomIp } from "./identity.ts";

// A file sent the way the browser sends it (apps/api/src/services/services-service.ts): a signed URL, the
// bytes PUT straight to the storage, then the upload registered. Each step's answer, for tests to look at.

export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

export interface UploadSteps {
  sign: { status: number; body: unknown };
  put?: number;
  register?: { status: number; body: unknown };
}

export async function uploadThroughApi(
  base: string,
  token: string,
  service: { serviceId: string; serviceType: string },
  fileName: string,
  bytes: Uint8Array,
): Promise<UploadSteps> {
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() };
  const query = new URLSearchParams({ fileName, size: String(bytes.length) });
  const signRes = await fetch(`${base}/v1/services/${service.serviceId}/signed-url?${query}`, { headers });
  const sign = { status: signRes.status, body: await signRes.json() };
  if (signRes.status !== 200) return { sign };
  const signed = sign.body as SignedUrl;
  const put = await fetch(signed.url, { method: signed.method, headers: signed.headers, body: bytes });
  await put.arrayBuffer();
  const registerRes = await fetch(`${base}/v1/services/${service.serviceId}/upload`, {
    method: "PATCH",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ fileName, serviceType: service.serviceType }),
  });
  return { sign, put: put.status, register: { status: registerRes.status, body: await registerRes.json() } };
}
