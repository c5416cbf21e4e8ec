import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  BookingAnswer,
  ManagedConsultation,
  SlotsAnswer,
} from "@argine/core/consultation/consultation-api";
import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import { CONSULTATION_TOKEN_HEADER } from "@argine/core/consultation/consultation-terms";
import { romeWallClock } from "@argine/core/consultation/slots";
import { MESSAGES } from "@argine/core/shared/messages";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testConfig } from "../../../../test/helpers.ts";
import { randomIp } from "../../../../test/identity.ts";
import { jobsSettled } from "../../../../test/jobs.ts";
import { maxOf } from "../../../rate-limits/route-limits.ts";

// The free consultation over HTTP on the embedded default, the demo's hours seeded: a visitor books, finds the
// mail and its .ics in the demo mailbox (the attachment served by its own route), cancels from the mail's
// link, and the slot is free again. Bad input gets an Italian message, never a 500.

const KEY = "chiave-della-casella-per-le-consulenze-0123";

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

describe("the free consultation over HTTP", () => {
  let t: TestApp;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "argine-consultations-"));
    t = await startTestApp(
      "pglite",
      testConfig({ DATA_DIR: dataDir, DEV_MAILBOX_KEY: KEY, TRUST_PROXY: "1" }),
    );
  });
  afterAll(() => t.close());

  const call = async <T>(
    method: "GET" | "POST" | "PUT",
    url: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { "x-forwarded-for": randomIp(), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, headers: res.headers, text: res.body, json: () => res.json() as T };
  };
  const slots = async () => (await call<SlotsAnswer>("GET", "/v1/consultations/slots")).json().slots;
  const mailbox = async () => {
    await jobsSettled(t.handle.db);
    return (await call<MailboxEntry[]>("GET", `/v1/dev/mailbox?key=${KEY}`)).json();
  };

  it("takes a request, confirms it from the mail, mails the .ics, cancels from the link, frees the slot", async () => {
    const free = await slots();
    expect(free.length).toBeGreaterThan(10);
    const slot = free[4] as SlotsAnswer["slots"][number];
    const requested = await call<BookingAnswer>("POST", "/v1/consultations", {
      body: {
        name: "Lucia Verdi",
        email: "lucia@example.org",
        phone: "347 765 4321",
        kind: "phone",
        startsAt: slot.startsAt,
        privacyAccepted: true,
      },
    });
    expect(requested.status).toBe(201);
    expect(requested.json()).toEqual({ status: "requested", email: "lucia@example.org", consultation: null });
    // A request holds nothing: the slot is still offered, and its mail carries no invitation.
    expect((await slots()).map((s) => s.startsAt)).toContain(slot.startsAt);
    const request = (await mailbox()).find((m) => m.to === "lucia@example.org");
    expect([request?.subject, request?.attachments]).toEqual(["Conferma la tua consulenza gratuita", []]);

    // The link in the mail opens the manage page; the page sends its token in the header.
    const token = /\/consulenza\/gestisci\?t=([\w.-]+)/.exec(request?.text ?? "")?.[1] ?? "";
    const headers = { [CONSULTATION_TOKEN_HEADER]: token };
    const booked = await call<ManagedConsultation>("POST", "/v1/consultations/manage/confirm", { headers });
    expect(booked.status).toBe(200);
    expect(booked.json()).toMatchObject({
      status: "booked",
      date: slot.date,
      time: slot.time,
      phone: "3477654321",
    });
    expect((await slots()).map((s) => s.startsAt)).not.toContain(slot.startsAt);

    const mail = (await mailbox()).find((m) => m.to === "lucia@example.org" && m.subject.includes("fissata"));
    expect(mail?.attachments).toEqual([
      {
        filename: "consulenza.ics",
        contentType: "text/calendar; method=REQUEST; charset=utf-8",
        size: expect.any(Number),
      },
    ]);
    const file = await call("GET", `/v1/dev/mailbox/${mail?.id}/attachments/0?key=${KEY}`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("text/calendar; method=REQUEST; charset=utf-8");
    expect(file.headers["content-disposition"]).toBe('attachment; filename="consulenza.ics"');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(file.text)).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.uid).toBe(`${booked.json().id}@argine.it`);
    const start = event.startDate.toJSDate();
    expect(start.toISOString()).toBe(new Date(slot.startsAt).toISOString());
    expect(romeWallClock(start)).toMatchObject({ date: slot.date, time: slot.time });

    const read = await call<ManagedConsultation>("GET", "/v1/consultations/manage", { headers });
    expect(read.json()).toMatchObject({ id: booked.json().id, changeable: true });
    const cancelled = await call<ManagedConsultation>("POST", "/v1/consultations/manage/cancel", { headers });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    expect((await slots()).map((s) => s.startsAt)).toContain(slot.startsAt);

    const again = await call<{ code: string; message: string }>("POST", "/v1/consultations/manage/move", {
      headers,
      body: { startsAt: free[5]?.startsAt },
    });
    expect([again.status, again.json().message]).toEqual([410, CONSULTATION_MESSAGES.linkUsed]);
    const cancelMail = (await mailbox()).find(
      (m) => m.to === "lucia@example.org" && m.subject.includes("annullata"),
    );
    expect(cancelMail?.attachments[0]?.contentType).toBe("text/calendar; method=CANCEL; charset=utf-8");
  });

  it("serves no attachment without the key, of a mail that is not one, or past its attachments", async () => {
    const [mail] = await mailbox();
    for (const url of [
      `/v1/dev/mailbox/${mail?.id}/attachments/0`,
      `/v1/dev/mailbox/${mail?.id}/attachments/0?key=${KEY}x`,
      `/v1/dev/mailbox/${mail?.id}/attachments/9?key=${KEY}`,
      `/v1/dev/mailbox/..%2F..%2Fetc%2Fpasswd/attachments/0?key=${KEY}`,
      `/v1/dev/mailbox/nessuna/attachments/0?key=${KEY}`,
    ])
      expect((await call("GET", url)).status).toBe(404);
  });

  it("answers bad input in Italian and never with a 500", async () => {
    const slot = (await slots())[6]?.startsAt;
    const valid = {
      name: "Lucia Verdi",
      email: "lucia@example.org",
      phone: "3477654321",
      kind: "video",
      startsAt: slot,
      privacyAccepted: true,
    };
    const cases: [
      string,
      "GET" | "POST",
      string,
      { body?: unknown; headers?: Record<string, string> },
      string,
    ][] = [
      ["an empty booking", "POST", "/v1/consultations", { body: {} }, MESSAGES.required],
      [
        "a start that is no date",
        "POST",
        "/v1/consultations",
        { body: { ...valid, startsAt: "domani" } },
        CONSULTATION_MESSAGES.slotNotOffered,
      ],
      [
        "a start off the grid",
        "POST",
        "/v1/consultations",
        { body: { ...valid, startsAt: "2030-01-07T09:07:00Z" } },
        CONSULTATION_MESSAGES.slotNotOffered,
      ],
      [
        "a start already past",
        "POST",
        "/v1/consultations",
        { body: { ...valid, startsAt: "2020-01-06T09:00:00Z" } },
        CONSULTATION_MESSAGES.slotPast,
      ],
      [
        "a phone call without a number",
        "POST",
        "/v1/consultations",
        { body: { ...valid, kind: "phone", phone: "" } },
        CONSULTATION_MESSAGES.phoneForCall,
      ],
      [
        "an unknown kind",
        "POST",
        "/v1/consultations",
        { body: { ...valid, kind: "fax" } },
        MESSAGES.invalidChoice,
      ],
      [
        "a practice that is no id",
        "POST",
        "/v1/consultations",
        { body: { ...valid, practiceId: "AR-1" } },
        MESSAGES.invalidChoice,
      ],
      [
        "a visitor's practice",
        "POST",
        "/v1/consultations",
        { body: { ...valid, practiceId: crypto.randomUUID() } },
        CONSULTATION_MESSAGES.practiceNeedsAccount,
      ],
      ["a list for a body", "POST", "/v1/consultations", { body: [valid] }, MESSAGES.badRequest],
      [
        "a day that does not exist",
        "GET",
        "/v1/consultations/slots?from=2027-02-30",
        {},
        MESSAGES.invalidDate,
      ],
      [
        "days in reverse",
        "GET",
        "/v1/consultations/slots?from=2027-03-10&to=2027-03-01",
        {},
        MESSAGES.periodReversed,
      ],
      ["no token", "GET", "/v1/consultations/manage", {}, CONSULTATION_MESSAGES.linkInvalid],
      [
        "a forged token",
        "GET",
        "/v1/consultations/manage",
        { headers: { [CONSULTATION_TOKEN_HEADER]: "abc.0.def" } },
        CONSULTATION_MESSAGES.linkInvalid,
      ],
      [
        "an oversized token",
        "POST",
        "/v1/consultations/manage/cancel",
        { headers: { [CONSULTATION_TOKEN_HEADER]: "x".repeat(5000) } },
        CONSULTATION_MESSAGES.linkInvalid,
      ],
      [
        "a move without a start",
        "POST",
        "/v1/consultations/manage/move",
        { body: {}, headers: { [CONSULTATION_TOKEN_HEADER]: "abc" } },
        CONSULTATION_MESSAGES.slotNotOffered,
      ],
    ];
    const wrong: string[] = [];
    for (const [what, method, url, options, message] of cases) {
      const res = await call<{ message: string }>(method, url, options);
      if (res.status !== 400 || res.json().message !== message)
        wrong.push(`${what}: ${res.status} ${res.json().message}`);
    }
    expect(wrong).toEqual([]);
  });

  it("bounds the bookings per address", async () => {
    const ip = randomIp();
    const max = maxOf("POST /v1/consultations", "address");
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push(
        (await call("POST", "/v1/consultations", { body: {}, headers: { "x-forwarded-for": ip } })).status,
      );
    expect(statuses).toEqual([...Array(max).fill(400), 429]);
  });
});
