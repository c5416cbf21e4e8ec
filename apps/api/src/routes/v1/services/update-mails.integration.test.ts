import type { PracticeService } from "@argine/core/services/services-api";
import { findUserByEmail } from "@argine/db/queries/users";
import { testDbKinds } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { paidPractice } from "../../../../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../../../../test/uploads.ts";
import { CLIENT_UPDATE_MAIL_WINDOW_SECONDS } from "../../../services/service-steps.ts";

// A lawyer working a case makes several changes in a row; the client hears of them once: one "update" mail
// per practice within the window, another for a change after it. Time moves on pg-boss's TestClock, which the
// app and the queue share.

const UPDATE = "C'è un aggiornamento sulla tua pratica";
const CLIENT = "cliente@demo.argine.it";

describe.each(testDbKinds())("the client's update mails on %s", (kind) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string };
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, () => ({}), clock);
    tokens = await demoTokens(s);
  });
  afterAll(() => s.close());

  /** Mail jobs not yet sent; each look lets half a second go by on the test clock, for the workers' polls. */
  const mailsPending = async () => {
    await clock.tick(500);
    const { rows } = (await s.handle.db.execute(
      sql`select count(*)::int as pending from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { pending: number }[] };
    return rows[0]?.pending;
  };
  /** The update mails the client received, once the mails queued are sent. */
  const updates = async () => {
    await expect.poll(mailsPending, { timeout: 10_000 }).toBe(0);
    return s.mailer.sent.filter((mail) => mail.to === CLIENT && mail.subject === UPDATE);
  };

  it("sends one mail for three changes within a minute, and a second for a change after it", async () => {
    const clientId = (await findUserByEmail(s.handle.db, CLIENT))?.id as string;
    const { services } = await paidPractice(
      s,
      tokens.client,
      { ticketCode: `AR-UPD${kind.slice(0, 2)}1`, ownerId: clientId },
      ["INJUCTION"],
    );
    const notice = services.INJUCTION as PracticeService;
    const to = (status: string) =>
      apiCaller(s)<PracticeService>(tokens.lawyer, `/services/${notice.serviceId}/status`, "PATCH", {
        serviceType: "INJUCTION",
        status,
      });
    // On PostgreSQL a request's own connection dates its jobs by the database's clock: the test clock
    // catches up with it first, so what the requests queue is due at once.
    await clock.setTime(Date.now() + 1000);
    const before = (await updates()).length;

    // Three changes 20 seconds apart: started, the letter uploaded, the letter ready.
    expect((await to("IN_PROGRESS")).status).toBe(200);
    await clock.tick(20_000);
    const upload = await uploadThroughApi(s.base, tokens.lawyer, notice, "diffida.pdf", PDF_BYTES);
    expect(upload.register?.status).toBe(200);
    await clock.tick(20_000);
    expect((await to("DOCUMENTS_READY")).status).toBe(200);
    expect(await updates()).toHaveLength(before + 1);

    // After the window, the next change is mailed again.
    await clock.tick(CLIENT_UPDATE_MAIL_WINDOW_SECONDS * 1000);
    expect((await to("COMPLETED")).status).toBe(200);
    expect(await updates()).toHaveLength(before + 2);
  });
});
