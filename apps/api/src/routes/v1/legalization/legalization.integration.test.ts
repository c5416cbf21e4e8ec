import { createHash } from "node:crypto";
import type { LegalizationFiles, LegalizationSession } from "@argine/core/legalization/legalization-api";
import { LEGALIZATION_FAILURE_STATES } from "@argine/core/legalization/session-state";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { legalizationSessions } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { pdfText } from "../../../../test/pdf-text.ts";
import { paidPractice } from "../../../../test/sandbox.ts";
import { opensslVerify } from "../../../timestamps/timestamps-contract.ts";

// The legalization's capture on the embedded sandbox (ADR 021), through the real routes, the real job queue
// and the real storage, time moved on the clock the app and the queue share: each failure state asked by
// the URL ends the session with it and no files, a new session starts after it, and a capture that closes
// makes its evidence, whose report's hashes match the files' bytes, with one "files ready" mail; the service
// goes "in corso" with the first capture and "documenti pronti" with the files. Two starts at once make one
// capture (on PostgreSQL, where they can race).

describe.each(testDbKinds())("legalization on %s", (kind) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let serviceId = "";
  const clock = new TestClock();

  let practiceId = "";
  let n = 0;
  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  /** A new practice of the demo client with a paid legalization; its service's id. */
  const buyLegalization = async () => {
    const owner = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    const ticketCode = `AR-LEG${kind.slice(0, 2)}${++n}`;
    const bought = await paidPractice(s, tokens.client, { ticketCode, ownerId: owner }, ["LEGALIZATION"]);
    practiceId = bought.practiceId;
    return bought.services.LEGALIZATION?.serviceId as string;
  };
  const serviceStatus = async () =>
    (await call<PracticeDetail>(tokens.client, `/practices/${practiceId}`)).body.services.find(
      (sv) => sv.serviceType === "LEGALIZATION",
    )?.status;

  beforeAll(async () => {
    s = await startIdentityServer(kind, { LEGALIZATION_SANDBOX_LIVE_SECONDS: "60" }, () => ({}), clock);
    tokens = await demoTokens(s);
    serviceId = await buyLegalization();
  });
  afterAll(() => s.close());

  const session = (path = "session") => `/services/legalization/${serviceId}/${path}`;
  /** Moves time on (ahead of the database's own clock, which dates a job on PostgreSQL) until `state`. */
  const reaches = (state: string) =>
    expect
      .poll(
        async () => {
          await clock.setTime(Math.max(clock.now(), Date.now()) + 1000);
          await clock.tick(2500);
          return (await call<LegalizationSession>(tokens.client, session())).body.state;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(state);

  it("answers 'Service Legalization not Found!' for a service that is not a legalization", async () => {
    const res = await call<{ message: string }>(
      tokens.client,
      "/services/legalization/00000000-0000-4000-8000-000000000000/session",
    );
    expect(res).toMatchObject({ status: 404, body: { message: MESSAGES.legalizationNotFound } });
    // No capture yet is a normal answer (the case page asks on every visit): 200 and null, not a 404.
    const noSession = await call(tokens.client, session());
    expect(noSession).toMatchObject({ status: 200, body: null });
    const bad = await call<{ code: string }>(tokens.client, session(), "POST", { url: "ftp://example.org" });
    expect(bad.status).toBe(400);
  });

  it("refuses to capture a loopback, private or metadata address, before any provider sees it", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://0x7f.1/admin",
      "http://[::ffff:10.0.0.1]/",
      "http://metadata.google.internal/",
      "http://localhost:3000/",
    ]) {
      const res = await call<{ message: string }>(tokens.client, session(), "POST", { url });
      expect(res, url).toMatchObject({ status: 400, body: { message: MESSAGES.captureUrlPrivate } });
    }
    // No capture was started: the session read answers that there is none yet.
    expect(await call(tokens.client, session())).toMatchObject({ status: 200, body: null });
    expect(await serviceStatus()).toBe("TO_START");
  });

  it.each(LEGALIZATION_FAILURE_STATES)(
    "ends in %s when the URL asks for it, without files",
    async (state) => {
      const started = await call<LegalizationSession>(tokens.client, session(), "POST", {
        url: `https://example.org/post/1#esito=${state}`,
      });
      expect(started).toMatchObject({ status: 201, body: { state: "VM_PREPARING", provider: "Sandbox" } });
      expect(await serviceStatus()).toBe("IN_PROGRESS");
      await reaches("LIVE");
      const stopped = await call<LegalizationSession>(tokens.client, session("stop"), "POST");
      expect(stopped.body.state).toBe("CLOSING");
      await reaches(state);
      expect((await call(tokens.client, session("session-files"))).status).toBe(404);
      // The next POST starts again (spec §4: restart after a failed terminal state).
      expect((await call(tokens.client, session("stop"), "POST")).status).toBe(409);
    },
  );

  it("captures, stops, closes with the evidence and mails the client once", {
    timeout: 120_000,
  }, async () => {
    const url = "https://example.org/profilo/<script>";
    const started = await call<LegalizationSession>(tokens.client, session(), "POST", { url });
    expect(started.status).toBe(201);
    // Fetch or start: a second POST (the lawyer's) answers the same session.
    const again = await call<LegalizationSession>(tokens.lawyer, session(), "POST", {
      url: "https://x.org/",
    });
    expect(again.body.sessionId).toBe(started.body.sessionId);
    await reaches("LIVE");
    const step = await call<LegalizationSession>(tokens.client, session("step"), "PATCH", { step: "NAVIGA" });
    expect(step.body).toMatchObject({ state: "LIVE", step: "NAVIGA" });
    await call(tokens.client, session("stop"), "POST");
    await reaches("CLOSED");

    // The files are copied into the app's storage by a job of their own, then the service's documents are ready.
    await expect
      .poll(async () => (await call<LegalizationSession>(tokens.client, session())).body.filesReadyAt, {
        timeout: 10_000,
      })
      .toEqual(expect.any(String));
    const done = await call<LegalizationSession>(tokens.client, session());
    expect(done.body).toMatchObject({ url });
    expect(await serviceStatus()).toBe("DOCUMENTS_READY");
    const files = await call<LegalizationFiles>(tokens.client, session("session-files"));
    expect(files.status).toBe(200);
    expect(files.body.reportSha256).toBe(done.body.reportSha256);
    const names = files.body.files.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["snapshot.html", "manifest.json", "report.pdf"]));
    // The screenshot when the machine has a Chromium (config: CHROMIUM_PATH or /usr/bin/chromium).
    const { legalization } = s.app.deps.config;
    const chromium = legalization.provider === "sandbox" && legalization.chromiumPath !== null;
    expect(names.includes("screenshot.png")).toBe(chromium);
    const bytes = new Map<string, Buffer>();
    for (const f of files.body.files) {
      const res = await fetch(f.url);
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(createHash("sha256").update(body).digest("hex")).toBe(f.sha256);
      bytes.set(f.name, body);
    }
    expect(files.body.files.find((f) => f.name === "report.pdf")?.sha256).toBe(done.body.reportSha256);
    // The fixed page, never the URL's: the URL only written in, as text.
    expect(bytes.get("snapshot.html")?.toString()).toContain("https://example.org/profilo/&#60;script&#62;");
    const report = await pdfText(new Uint8Array(bytes.get("report.pdf") ?? []));
    expect(report).toContain(url);
    // The seal's two files (below) come after the report, which cannot name them.
    const sealFiles = ["manifest.json.tsr", "tsa-chain.pem"];
    for (const f of files.body.files.filter((f) => f.name !== "report.pdf" && !sealFiles.includes(f.name)))
      expect(report).toContain(f.sha256);
    const manifest = JSON.parse(bytes.get("manifest.json")?.toString() ?? "{}") as {
      files: { name: string; sha256: string }[];
    };
    for (const entry of manifest.files)
      expect(files.body.files.find((f) => f.name === entry.name)?.sha256).toBe(entry.sha256);

    // The manifest sealed by the TSA (issue 40): its token and the TSA's chain join the session's files.
    const sealed = async () =>
      (await call<LegalizationFiles>(tokens.client, session("session-files"))).body.files;
    await expect
      .poll(async () => (await sealed()).map((f) => f.name), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(sealFiles));
    const download = async (name: string) => {
      const file = (await sealed()).find((f) => f.name === name);
      return Buffer.from(await (await fetch(file?.url ?? "")).arrayBuffer());
    };
    const [token, chain] = [await download("manifest.json.tsr"), await download("tsa-chain.pem")];
    expect(opensslVerify(token, bytes.get("manifest.json") ?? Buffer.alloc(0), chain.toString())).toBe("OK");

    const readyMails = () =>
      s.mailer.sent.filter(
        (m) => m.to === "cliente@demo.argine.it" && m.subject.startsWith("Dei documenti sono pronti"),
      );
    await expect.poll(() => readyMails().length, { timeout: 10_000 }).toBe(1);
    // A success is not started again: the same session, its files kept; and its mail is not sent again.
    const afterSuccess = await call<LegalizationSession>(tokens.client, session(), "POST", { url });
    expect(afterSuccess.body.sessionId).toBe(started.body.sessionId);
    await clock.setTime(clock.now() + 120_000);
    await clock.tick(2500);
    await call(tokens.admin, session());
    expect(readyMails()).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("makes one capture of two starts at once", async () => {
    const other = await buyLegalization();
    const path = `/services/legalization/${other}/session`;
    const both = await Promise.all(
      [tokens.client, tokens.lawyer].map((token) =>
        call<LegalizationSession>(token, path, "POST", { url: "https://example.org/doppio" }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(both.map((r) => r.body.sessionId)).size).toBe(1);
    const rows = await s.handle.db
      .select({ id: legalizationSessions.id })
      .from(legalizationSessions)
      .where(eq(legalizationSessions.serviceId, other));
    expect(rows).toHaveLength(1);
  });
});
