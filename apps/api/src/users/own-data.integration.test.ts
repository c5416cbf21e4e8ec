import { randomBytes } from "node:crypto";
import type { AuditList } from "@argine/core/audit/audit-api";
import type { DataExportState } from "@argine/core/identity/own-data-api";
import type { PracticeAccess } from "@argine/core/practices/practices-api";
import { findUserByEmail } from "@argine/db/queries/users";
import {
  auditLog,
  comments,
  dataExports,
  orders,
  practices,
  services,
  uploadedFiles,
} from "@argine/db/schema";
import { eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
  strangerToken,
} from "../../test/identity.ts";
import { jobsSettled } from "../../test/jobs.ts";

// One's own data (ADR 037): the export's ZIP and its one-time link, "Chi ha visto la mia pratica", and the
// admins' browse of the audit log.

const CLIENT = "cliente@demo.argine.it";

let s: IdentityServer;
let call: ReturnType<typeof apiCaller>;
let tokens: { client: string; lawyer: string; admin: string };
let stranger: string;
let clientId: string;

beforeAll(async () => {
  s = await startIdentityServer("pglite");
  call = apiCaller(s);
  tokens = await demoTokens(s);
  stranger = await strangerToken(s);
  clientId = (await findUserByEmail(s.handle.db, CLIENT))?.id ?? "";
});
afterAll(() => s.close());

/** The client's files, each given bytes of its own in the storage (the test seed records rows only). */
async function clientFiles() {
  const db = s.handle.db;
  const owned = await db.select({ id: practices.id }).from(practices).where(eq(practices.ownerId, clientId));
  const serviceRows = await db
    .select()
    .from(services)
    .where(
      inArray(
        services.practiceId,
        owned.map((p) => p.id),
      ),
    );
  let files = await db
    .select()
    .from(uploadedFiles)
    .where(
      inArray(
        uploadedFiles.serviceId,
        serviceRows.map((row) => row.id),
      ),
    );
  if (!files.length) {
    const [service] = serviceRows;
    if (!service) throw new Error("the demo client has no service");
    await db.insert(uploadedFiles).values({
      serviceId: service.id,
      fileName: "prove.pdf",
      storageKey: `test/${service.id}/prove.pdf`,
      size: 64,
      side: "CLIENT",
      uploadedBy: clientId,
      uploadDate: new Date(),
    });
    files = await db.select().from(uploadedFiles).where(eq(uploadedFiles.serviceId, service.id));
  }
  const bytes = new Map<string, Buffer>();
  for (const file of files) {
    const content = randomBytes(64 + files.indexOf(file));
    await s.app.deps.storage.put(file.storageKey, content);
    bytes.set(file.fileName, content);
  }
  return { files, bytes };
}

describe("Scarica i miei dati", () => {
  it("builds a ZIP of the client's data and files, mailed as a link that works once for its owner", async () => {
    const { files, bytes } = await clientFiles();

    const asked = await call<DataExportState>(tokens.client, "/users/me/export", "POST");
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe("PENDING");
    // One at a time per account.
    const again = await call<{ message: string }>(tokens.client, "/users/me/export", "POST");
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Hai già chiesto i tuoi dati/);

    await jobsSettled(s.handle.db);
    const mail = await s.mailer.lastTo(CLIENT);
    expect(mail?.subject).toBe("Il file che hai richiesto è pronto");
    // Neutral: nothing of the case in the mail.
    expect(mail?.text).not.toMatch(/AR-|pratica|Argine:/);
    const token = mail?.text.match(/\/dashboard\/profile\/data\?export=([\w-]+)/)?.[1] ?? "";
    expect(token).not.toBe("");
    expect((await call<DataExportState>(tokens.client, "/users/me/export")).body.status).toBe("READY");

    // The token alone is not enough: another account, or no sign-in, gets nothing.
    expect((await call(stranger, `/users/me/export/download?token=${token}`)).status).toBe(404);
    expect((await fetch(`${s.base}/v1/users/me/export/download?token=${token}`)).status).toBe(401);
    expect((await call(tokens.client, "/users/me/export/download?token=sbagliato")).status).toBe(404);

    const [row] = await s.handle.db.select().from(dataExports).where(eq(dataExports.userId, clientId));
    const zipKey = row?.storageKey ?? "";
    expect(await s.app.deps.storage.head(zipKey)).not.toBeNull();

    const download = await call<Buffer>(tokens.client, `/users/me/export/download?token=${token}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    const zip = unzipSync(new Uint8Array(download.body));
    const data = JSON.parse(strFromU8(zip["dati.json"] ?? new Uint8Array())) as {
      account: { email: string; passwordHash?: string };
      practices: { id: string; ticketCode: string; answers: unknown; messages: { body: string }[] }[];
      orders: { id: string }[];
    };
    expect(data.account.email).toBe(CLIENT);
    expect(data.account.passwordHash).toBeUndefined();
    const owned = await s.handle.db.select().from(practices).where(eq(practices.ownerId, clientId));
    expect(data.practices.map((p) => p.ticketCode).sort()).toEqual(owned.map((p) => p.ticketCode).sort());
    const ownOrders = await s.handle.db.select().from(orders).where(eq(orders.userId, clientId));
    expect(data.orders.map((o) => o.id).sort()).toEqual(ownOrders.map((o) => o.id).sort());
    const ownMessages = await s.handle.db
      .select()
      .from(comments)
      .where(
        inArray(
          comments.practiceId,
          owned.map((p) => p.id),
        ),
      );
    expect(data.practices.flatMap((p) => p.messages.map((m) => m.body)).sort()).toEqual(
      ownMessages.map((m) => m.body).sort(),
    );
    // Every file sent, byte for byte.
    const zipped = Object.entries(zip).filter(([name]) => name.startsWith("file/"));
    expect(zipped).toHaveLength(files.filter((f) => f.uploadDate).length);
    for (const [name, content] of zipped) {
      const original = bytes.get(name.split("/").at(-1) ?? "");
      expect(Buffer.from(content).equals(original ?? Buffer.alloc(0))).toBe(true);
    }

    // Once: the link no longer works, and the ZIP is gone from the storage.
    const second = await call<{ message: string }>(tokens.client, `/users/me/export/download?token=${token}`);
    expect(second.status).toBe(404);
    expect(second.body.message).toMatch(/non è più valido/);
    expect(await s.app.deps.storage.head(zipKey)).toBeNull();
    expect((await call<DataExportState>(tokens.client, "/users/me/export")).body.status).toBe("NONE");
  });
});

describe("Chi ha visto la mia pratica", () => {
  it("lists the lawyer's opening of the case for its owner only, without a staff-read line of its own", async () => {
    const [practice] = await s.handle.db.select().from(practices).where(eq(practices.ownerId, clientId));
    if (!practice) throw new Error("the demo client has no practice");
    expect((await call(tokens.lawyer, `/practices/${practice.id}`)).status).toBe(200);

    const before = await s.handle.db.select().from(auditLog);
    const log = await call<PracticeAccess[]>(tokens.client, `/practices/${practice.id}/access-log`);
    expect(log.status).toBe(200);
    expect(log.body[0]).toMatchObject({ name: "Marco Rinaldi", role: "Avvocato", what: "La pratica" });
    expect(Date.now() - Date.parse(log.body[0]?.at ?? "")).toBeLessThan(60_000);
    expect(await s.handle.db.select().from(auditLog)).toHaveLength(before.length);

    // Staff do not read it (the log is the client's), nor does another client.
    expect((await call(tokens.lawyer, `/practices/${practice.id}/access-log`)).status).toBe(403);
    expect((await call(stranger, `/practices/${practice.id}/access-log`)).status).toBe(404);
  });
});

describe("the admins' browse of the audit log", () => {
  it("filters by actor, action, resource and days, a page at a time", async () => {
    const [practice] = await s.handle.db.select().from(practices).where(eq(practices.ownerId, clientId));
    await call(tokens.lawyer, `/practices/${practice?.id}`);
    const query = new URLSearchParams({
      actor: "avvocato@demo.argine.it",
      action: "practice.read",
      subject: practice?.id ?? "",
      page: "1",
      pageSize: "1",
    });
    const page = await call<AuditList>(tokens.admin, `/admin/audit?${query}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThanOrEqual(1);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({
      action: "practice.read",
      resourceId: practice?.id,
      actorEmail: "avvocato@demo.argine.it",
      actorName: "Marco Rinaldi",
    });
    // A list read names many practices: the resource filter finds one among them.
    await call(tokens.lawyer, "/practices");
    const listed = await call<AuditList>(
      tokens.admin,
      `/admin/audit?${new URLSearchParams({ action: "practice.list", subject: practice?.id ?? "" })}`,
    );
    expect(listed.body.data[0]?.resourceId.split(",")).toContain(practice?.id);
    // Days in the past hold nothing of today's.
    const old = await call<AuditList>(tokens.admin, "/admin/audit?from=2020-01-01&to=2020-01-31");
    expect(old.body.total).toBe(0);
    const wrong = await call<{ message: string }>(tokens.admin, "/admin/audit?from=2020-13-45");
    expect(wrong.status).toBe(400);
    expect((await call(tokens.lawyer, "/admin/audit")).status).toBe(403);
  });
});
