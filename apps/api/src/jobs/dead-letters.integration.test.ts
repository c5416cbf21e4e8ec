import type { DeadLetter } from "@argine/core/jobs/jobs-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { auditLog } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
} from "../../test/identity.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";

// A job that keeps failing ends in the dead-letter queue, where the admin workspace lists it —
// its queue, dates, attempts and error, never what it carried — and puts it back on its queue. Retries are
// one, a second apart (MAIL_RETRY_*), so the test sees the whole round in real time.

/** A mail server that refuses every mail until it is mended. */
class RefusingMailer implements Mailer {
  refusing = true;
  attempts = 0;
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.attempts++;
    if (this.refusing)
      throw Object.assign(new Error(`550 5.1.1 <${mail.to}>: Casella inesistente`), { code: "EENVELOPE" });
    this.sent.push(mail);
  }
}

describe.each(testDbKinds())("the dead letters on %s", (kind) => {
  let s: IdentityServer;
  const mailer = new RefusingMailer();
  let call: ReturnType<typeof apiCaller>;
  let admin = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind, { MAIL_RETRY_LIMIT: "1", MAIL_RETRY_DELAY_SECONDS: "1" }, () => ({
      mailer,
    }));
    call = apiCaller(s);
    admin = (await demoTokens(s)).admin;
  });
  afterAll(() => s.close());

  const deadLetters = async () => (await call<DeadLetter[]>(admin, "/admin/jobs/dead-letters")).body;

  it("lists a mail that failed every attempt without what it carried, and puts it back", async () => {
    const reset = await fetch(`${s.base}/v1/users/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ email: "cliente@demo.argine.it" }),
    });
    expect(reset.status).toBe(202);

    await expect.poll(deadLetters, { timeout: 15_000, interval: 200 }).toHaveLength(1);
    const list = await call<DeadLetter[]>(admin, "/admin/jobs/dead-letters");
    expect(list.status).toBe(200);
    const [letter] = list.body;
    expect(Object.keys(letter ?? {}).sort()).toEqual([
      "attempts",
      "error",
      "failedAt",
      "id",
      "queue",
      "queuedAt",
    ]);
    // The first attempt and the one retry; the server's message, but not the address it quoted.
    expect(letter).toMatchObject({
      queue: "mail",
      attempts: 2,
      error: "550 5.1.1 <[indirizzo]>: Casella inesistente",
    });
    expect(mailer.attempts).toBe(2);
    expect(Date.parse(letter?.failedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(letter?.queuedAt ?? ""));
    expect(JSON.stringify(list.body)).not.toMatch(/cliente@demo|token|password/i);

    mailer.refusing = false;
    const id = letter?.id ?? "";
    const retried = await call<{ message: string }>(admin, `/admin/jobs/dead-letters/${id}/retry`, "POST");
    expect({ status: retried.status, body: retried.body }).toEqual({
      status: 202,
      body: { message: MESSAGES.deadLetterRetried },
    });
    await expect
      .poll(() => mailer.sent.map((m) => m.to), { timeout: 15_000 })
      .toEqual(["cliente@demo.argine.it"]);
    expect(mailer.sent[0]?.subject).toBe("Scegli una nuova password");
    expect(await deadLetters()).toEqual([]);
    const audit = await s.handle.db.select().from(auditLog).where(eq(auditLog.action, "dead-letter.retry"));
    expect(audit).toMatchObject([{ actorId: expect.any(String), resourceType: "job", resourceId: id }]);

    // Gone from the list, it cannot be put back twice.
    const again = await call<{ message: string }>(admin, `/admin/jobs/dead-letters/${id}/retry`, "POST");
    expect(again).toMatchObject({ status: 404, body: { message: MESSAGES.deadLetterGone } });
    expect((await call(admin, "/admin/jobs/dead-letters/nessuno/retry", "POST")).status).toBe(400);
  });
});
