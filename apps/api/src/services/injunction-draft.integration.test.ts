import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { findUserByEmail } from "@argine/db/queries/users";
import { practices, services } from "@argine/db/schema";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens, type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { checkUploadContent } from "../uploads/content-check.ts";

// GET /v1/services/{id}/injunction-draft through the whole app: who may fetch it, and what the file holds.

describe("the formal notice's draft", () => {
  let s: IdentityServer;
  let tokens: Awaited<ReturnType<typeof demoTokens>>;
  const ids = { injunction: "", advice: "", anonymousInjunction: "" };

  /** A practice of the demo client with one paid service of each of `types`; their ids by type. */
  async function paidPractice(ticketCode: string, anonymous: boolean, types: ("INJUCTION" | "ADVICE")[]) {
    const client = await findUserByEmail(s.handle.db, "cliente@demo.argine.it");
    const answers = {
      category: "DEFAMATION",
      firstEventDate: "2026-10-02",
      lastEventDate: "2026-10-02",
    } as const;
    const [practice] = await s.handle.db
      .insert(practices)
      .values({
        ticketCode,
        ownerId: client?.id,
        status: "OPEN",
        anonymous,
        platform: "Facebook",
        crimeUrl: "https://www.facebook.com/esempio?a=1&b=2",
        answers,
        feedback: evaluateFeedback(answers, "2026-11-24"),
      })
      .returning();
    const rows = await s.handle.db
      .insert(services)
      .values(types.map((serviceType) => ({ practiceId: practice?.id as string, serviceType })))
      .returning();
    return Object.fromEntries(rows.map((row) => [row.serviceType, row.id]));
  }

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    tokens = await demoTokens(s);
    const named = await paidPractice("AR-DRAFT001", false, ["INJUCTION", "ADVICE"]);
    const hidden = await paidPractice("AR-DRAFT002", true, ["INJUCTION"]);
    ids.injunction = named.INJUCTION as string;
    ids.advice = named.ADVICE as string;
    ids.anonymousInjunction = hidden.INJUCTION as string;
  });
  afterAll(() => s.close());

  const draft = (token: string, id: string) =>
    fetch(`${s.base}/v1/services/${id}/injunction-draft`, { headers: { authorization: `Bearer ${token}` } });

  const letterText = async (res: Response) => {
    const parts = unzipSync(new Uint8Array(await res.arrayBuffer()));
    return strFromU8(parts["word/document.xml"] as Uint8Array);
  };

  it("is a Word file for the lawyer, named after the practice, with the client and the facts", async () => {
    const res = await draft(tokens.lawyer, ids.injunction);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="bozza-diffida-AR-DRAFT001.docx"',
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect(checkUploadContent("bozza-diffida-AR-DRAFT001.docx", bytes)).toBeNull();
    const xml = await letterText(res);
    expect(xml).toContain("AR-DRAFT001");
    expect(xml).toContain("Giulia Esposito");
    expect(xml).toContain("Via dei Mille 10 (esempio), 00185 Roma (RM)");
    expect(xml).toContain("https://www.facebook.com/esempio?a=1&amp;b=2");
    expect(xml).toContain("595 c.p.");
  });

  it("does not name the client of an anonymous practice", async () => {
    const res = await draft(tokens.admin, ids.anonymousInjunction);
    expect(res.status).toBe(200);
    const xml = await letterText(res);
    expect(xml).toContain("[nome e cognome dell&apos;assistito]");
    expect(xml).not.toContain("Esposito");
  });

  it("exists only for the formal notice, and only for staff", async () => {
    expect((await draft(tokens.lawyer, ids.advice)).status).toBe(404);
    expect((await draft(tokens.lawyer, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const client = await draft(tokens.client, ids.injunction);
    expect(client.status).toBe(403);
    expect(((await client.json()) as { message: string }).message).toMatch(/\w/);
    expect((await fetch(`${s.base}/v1/services/${ids.injunction}/injunction-draft`)).status).toBe(401);
  });
});
