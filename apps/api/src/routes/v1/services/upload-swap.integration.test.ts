import { AppError } from "@argine/core/errors/app-error";
import type { PracticeService, SignedUrl } from "@argine/core/services/services-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { uploadedFiles } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { systemClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { startS3rver } from "../../../../test/s3.ts";
import { paidPractice } from "../../../../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../../../../test/uploads.ts";
import type { S3StorageConfig } from "../../../config.ts";
import { createS3Storage } from "../../../storage/s3-storage.ts";
import { sha256 } from "../../../storage/storage.ts";

// A file checked at registration is the file the lawyer downloads (ADR 018): an upload link cannot be used
// to swap the bytes afterwards, on the embedded disk (a link writes once) and on S3 (the checked bytes are
// kept under a key no link writes), and bytes changed in the store since the check are refused.

/** Same size as the PDF (the link is signed for it), other bytes: an executable named like the checked file. */
const SWAP = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(PDF_BYTES.length - 4, 0x41)]);

let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
let s3Config: S3StorageConfig;

beforeAll(async () => {
  s3 = await startS3rver("argine-swap");
  s3Config = s3.config;
});
afterAll(() => s3?.close());

const engines = testDbKinds().flatMap((kind) => [
  { kind, engine: "disk" as const },
  { kind, engine: "s3" as const },
]);

describe.each(engines)("an upload on $kind, stored on $engine", ({ kind, engine }) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string };
  let clientId = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, () =>
      engine === "s3" ? { storage: createS3Storage(s3Config, systemClock) } : {},
    );
    tokens = await demoTokens(s);
    clientId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
  });
  afterAll(() => s?.close());

  let n = 0;
  const takedown = async () =>
    (
      await paidPractice(
        s,
        tokens.client,
        { ticketCode: `AR-SWP${kind.slice(0, 2)}${engine}${++n}`, ownerId: clientId },
        ["TAKEDOWN"],
      )
    ).services.TAKEDOWN as PracticeService;
  const putTo = async (signed: SignedUrl, body: Buffer) => {
    const res = await fetch(signed.url, { method: signed.method, headers: signed.headers, body });
    await res.arrayBuffer();
    return res.status;
  };
  const lawyerDownload = async (serviceId: string) => {
    const link = await apiCaller(s)<{ url: string; message?: string }>(
      tokens.lawyer,
      `/services/${serviceId}/upload?fileName=prove.pdf`,
    );
    if (link.status !== 200) return { status: link.status, message: link.body.message };
    return { status: 200, bytes: Buffer.from(await (await fetch(link.body.url)).arrayBuffer()) };
  };
  const rowOf = async (serviceId: string) =>
    (await s.handle.db.select().from(uploadedFiles).where(eq(uploadedFiles.serviceId, serviceId)))[0];

  it("gives the lawyer the checked bytes, whatever is PUT to the link after the check", async () => {
    const service = await takedown();
    const steps = await uploadThroughApi(s.base, tokens.client, service, "prove.pdf", PDF_BYTES);
    expect(steps.register?.status).toBe(200);
    const signed = steps.sign.body as SignedUrl;
    // The link after registration: the disk refuses it; S3 takes it, under a key nothing reads any more.
    expect(await putTo(signed, SWAP)).toBe(engine === "disk" ? 403 : 200);
    const row = await rowOf(service.serviceId);
    expect(row?.sha256).toBe(sha256(PDF_BYTES));
    expect(row?.storageKey).toMatch(/\/checked\//);
    expect(await lawyerDownload(service.serviceId)).toEqual({ status: 200, bytes: PDF_BYTES });
  });

  it("refuses a second PUT to a used link on disk; on S3 the bytes checked are the last ones sent", async () => {
    const service = await takedown();
    const query = new URLSearchParams({ fileName: "prove.pdf", size: String(PDF_BYTES.length) });
    const sign = await apiCaller(s)<SignedUrl>(
      tokens.client,
      `/services/${service.serviceId}/signed-url?${query}`,
    );
    expect(await putTo(sign.body, PDF_BYTES)).toBe(200);
    expect(await putTo(sign.body, SWAP)).toBe(engine === "disk" ? 403 : 200);
    const register = await apiCaller(s)<{ message: string }>(
      tokens.client,
      `/services/${service.serviceId}/upload`,
      "PATCH",
      { fileName: "prove.pdf", serviceType: "TAKEDOWN" },
    );
    if (engine === "disk") {
      expect(register.status).toBe(200);
      expect(await lawyerDownload(service.serviceId)).toEqual({ status: 200, bytes: PDF_BYTES });
    } else {
      // The swap arrived before the check: the check reads it and refuses it.
      expect(register).toMatchObject({ status: 400, body: { message: MESSAGES.uploadContentMismatch } });
    }
  });

  it("takes nothing when it answers that the registration failed: the file is sent again, not 'already sent'", async () => {
    const service = await takedown();
    const storage = s.app.deps.storage;
    const remove = storage.delete;
    // The storage fails while the link's key is dropped (S3 out of reach at that moment).
    storage.delete = async () => {
      throw new AppError("SERVICE_UNAVAILABLE");
    };
    const failed = await uploadThroughApi(s.base, tokens.client, service, "prove.pdf", PDF_BYTES).finally(
      () => {
        storage.delete = remove;
      },
    );
    expect(failed.register?.status).toBe(503);
    expect((await rowOf(service.serviceId))?.uploadDate).toBeNull();
    const again = await uploadThroughApi(s.base, tokens.client, service, "prove.pdf", PDF_BYTES);
    expect([again.sign.status, again.register?.status]).toEqual([200, 200]);
    expect(await lawyerDownload(service.serviceId)).toEqual({ status: 200, bytes: PDF_BYTES });
  });

  it("refuses the download, in Italian, when the stored bytes no longer match the checked hash", async () => {
    const service = await takedown();
    await uploadThroughApi(s.base, tokens.client, service, "prove.pdf", PDF_BYTES);
    const row = await rowOf(service.serviceId);
    // Changed in the store itself (no link writes the checked key): a restore gone wrong, a tampered disk.
    await s.app.deps.storage.put(row?.storageKey as string, Buffer.from("%PDF-1.7 altro contenuto"));
    expect(await lawyerDownload(service.serviceId)).toEqual({
      status: 500,
      message: MESSAGES.uploadIntegrity,
    });
  });
});
