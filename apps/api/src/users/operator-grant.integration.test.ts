import { createUser } from "@argine/db/queries/users";
import { auditLog } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { grantRoleAsOperator } from "./users-service.ts";

// The first admin of a production database is granted from the server's shell (npm run users): nobody can
// grant it through the API, where only an admin grants roles.

describe.each(testDbKinds())("the operator's grant on %s", (kind) => {
  it("makes a confirmed account admin, with an audit line naming no actor, and refuses anyone else", async () => {
    const handle = await openTestDb(kind);
    try {
      const account = { name: "Ada", lastname: "Neri", privacyConsent: true, marketingConsent: false };
      await createUser(handle.db, { ...account, email: "titolare@example.it", emailVerifiedAt: new Date() });
      await createUser(handle.db, { ...account, email: "nuova@example.it" });

      const me = await grantRoleAsOperator(handle.db, "Titolare@Example.it", "admin");
      expect(me.roles).toEqual(["admin"]);
      const [line] = await handle.db.select().from(auditLog).where(eq(auditLog.resourceId, me.id));
      expect(line).toMatchObject({ action: "user.role.grant", actorId: null, meta: { role: "admin" } });

      await expect(grantRoleAsOperator(handle.db, "nuova@example.it", "admin")).rejects.toThrow(
        /has not confirmed its address/,
      );
      await expect(grantRoleAsOperator(handle.db, "nessuno@example.it", "admin")).rejects.toThrow(
        /no account with the address/,
      );
    } finally {
      await handle.close();
    }
  });
});
