import type { Role } from "@argine/core/identity/roles";
import type { DbHandle } from "@argine/db/client";
import { auditLog, newsletterSubscriptions } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Mail } from "../mail/mailer.ts";
import { confirmNewsletter, readIdeas, signUpToNewsletter } from "./outreach-service.ts";

// The outreach use cases without HTTP (the routes' behaviour: routes/v1/outreach).
const AT = "2031-05-10T08:00:00Z";
const page = { page: 1, pageSize: 20 };

describe.each(testDbKinds())("outreach use cases on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());
  const subscription = async (email: string) =>
    (
      await handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
    )[0];
  const tokenOf = (mail: { text: string } | undefined) => mail?.text.match(/token=([\w-]+)/)?.[1] ?? "";

  it("queues the confirmation link in the subscription's transaction; it works for 48 hours by the clock", async () => {
    const email = "orologio@example.it";
    const { deps, clock, jobs } = serviceDeps(handle.db, AT);
    await signUpToNewsletter(deps, null, { email, privacyAccepted: true });
    expect((await subscription(email))?.confirmTokenExpiresAt?.toISOString()).toBe(
      "2031-05-12T08:00:00.000Z",
    );
    expect(jobs.sent).toHaveLength(1);
    expect(jobs.sent[0]?.tx).not.toBe(handle.db);
    const token = tokenOf(jobs.sent[0]?.data as Mail | undefined);

    await clock.setTime("2031-05-12T08:00:01Z");
    await expect(confirmNewsletter(deps, null, { token })).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    await clock.setTime("2031-05-12T07:59:00Z");
    await confirmNewsletter(deps, null, { token });
    expect(await subscription(email)).toMatchObject({ status: "CONFIRMED" });
    expect((await subscription(email))?.confirmedAt?.toISOString()).toBe("2031-05-12T07:59:00.000Z");
  });

  it("stores no subscription when its confirmation mail cannot be queued", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    jobs.failing = true;
    await expect(
      signUpToNewsletter(deps, null, { email: "persa@example.it", privacyAccepted: true }),
    ).rejects.toThrow("job not stored");
    expect(await subscription("persa@example.it")).toBeUndefined();
  });

  it("lets only admins read the lists, 401 then 403, and audits nothing refused", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    await expect(readIdeas(deps, null, page)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // A client carries no role; a lawyer is staff, yet not an admin.
    for (const roles of [[], ["lawyer"]] as Role[][]) {
      await expect(
        readIdeas(deps, { userId: "00000000-0000-4000-8000-000000000001", roles }, page),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await handle.db.select().from(auditLog)).toEqual([]);
  });
});
