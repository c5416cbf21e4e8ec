import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../test/checkout.ts";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../test/identity.ts";
import { paymentMethod } from "../test/sandbox.ts";

// Mass assignment (OWASP API3): a caller never sets what the server decides: roles, owners, states, prices,
// totals, paid flags, practice codes, dates. Two halves: every documented body is read for such fields (a new
// one fails until it is decided here), and the writes a client or visitor makes are sent with all of them
// added, after which no stored row holds any of the values sent.

/** Field names only the server sets, as a body would name them. */
const SERVER_SET = [
  "id",
  "role",
  "roles",
  "userId",
  "ownerId",
  "lawyerId",
  "status",
  "state",
  "price",
  "priceCents",
  "discountedPrice",
  "total",
  "totalCents",
  "amount",
  "amountCents",
  "budget",
  "paid",
  "isPaid",
  "paidAt",
  "ticketCode",
  "createdAt",
  "updatedAt",
  "emailVerifiedAt",
];

/**
 * The documented bodies that do carry such a field, each decided: staff or admins set it on purpose (the
 * authorization table refuses everyone else), or it names what is looked up rather than what is written.
 */
const DECIDED: Record<string, string[]> = {
  "PATCH /v1/practices/{id}/status": ["status"], // staff move a case through its states
  "PUT /v1/practices/{id}/customService": ["price"], // a lawyer prices a custom service
  "PATCH /v1/services/{id}/status": ["status"], // staff mark a service's progress
  "PUT /v1/services/{id}/assignment": ["lawyerId"], // staff assign a lawyer
  "POST /v1/practices/claim": ["ticketCode"], // the code of the practice to claim: looked up, not written
  "PATCH /v1/admin/products/{code}": ["price", "discountedPrice"], // the catalogue is the admins'
  "POST /v1/admin/campaigns": ["budget"],
  "PATCH /v1/admin/campaigns/{id}": ["budget"],
  "POST /v1/admin/gift-cards": ["amount"],
};

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** Every property name a body schema accepts, at any depth. */
function propertyNames(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => [name, ...propertyNames(inner)]),
    ...propertyNames(schema.items),
  ];
}

/** Values sent in the server's fields, each one no legitimate row holds. */
const FORGED_ID = "0badc0de-0000-4000-8000-00000000f0f0";
const FORGED_CODE = "AR-FORGED9";
const FORGED_DAY = "1999-12-31";
const FORGED_NUMBER = 424242;
const FORGED = {
  id: FORGED_ID,
  role: "admin",
  roles: ["admin", "lawyer"],
  userId: FORGED_ID,
  ownerId: FORGED_ID,
  lawyerId: FORGED_ID,
  status: "CLOSED",
  state: "CLOSED",
  price: FORGED_NUMBER,
  priceCents: FORGED_NUMBER,
  total: FORGED_NUMBER,
  totalCents: FORGED_NUMBER,
  amount: FORGED_NUMBER,
  amountCents: FORGED_NUMBER,
  paid: true,
  isPaid: true,
  paidAt: `${FORGED_DAY}T23:59:59.000Z`,
  ticketCode: FORGED_CODE,
  createdAt: `${FORGED_DAY}T23:59:59.000Z`,
  updatedAt: `${FORGED_DAY}T23:59:59.000Z`,
  emailVerifiedAt: `${FORGED_DAY}T23:59:59.000Z`,
};

describe("mass assignment", () => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer("pglite");
  });
  afterAll(() => s.close());

  it("no documented body takes a field the server sets, but those decided for staff and admins", async () => {
    const doc = (await fetch(`${s.base}/v1/openapi.json`).then((r) => r.json())) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
    };
    const found: Record<string, string[]> = {};
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const names = propertyNames(operation.requestBody?.content?.["application/json"]?.schema);
        const forbidden = [...new Set(names.filter((name) => SERVER_SET.includes(name)))].sort();
        if (forbidden.length) found[`${method.toUpperCase()} ${path}`] = forbidden;
      }
    expect(found).toEqual(Object.fromEntries(Object.entries(DECIDED).map(([k, v]) => [k, [...v].sort()])));
  });

  it("a client's and a visitor's writes, sent with every server field, store none of them", async () => {
    const json = (token?: string) => ({
      "content-type": "application/json",
      "x-forwarded-for": randomIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    // Each write goes with every server field: refused whole ("Campo non previsto"), then sent as the web
    // sends it so the journey goes on; or taken with them ignored.
    const send = async (method: string, path: string, body: object, token?: string) => {
      const post = (sent: object) =>
        fetch(`${s.base}${path}`, { method, headers: json(token), body: JSON.stringify(sent) });
      let res = await post({ ...FORGED, ...body });
      if (res.status === 400) {
        expect(await res.json()).toMatchObject({ message: expect.stringMatching(/^Campo non previsto: /) });
        res = await post(body);
      }
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<Record<string, unknown>>;
    };

    // Registration and verification, then her own profile and billing data.
    const email = "forgiata@example.org";
    const password = "Girasole-Lento-42";
    await send("POST", "/v1/users", {
      name: "Nuova",
      lastname: "Cliente",
      email,
      password,
      privacyConsent: true,
    });
    await send("POST", "/v1/users/verification", { token: await s.mailer.tokenIn(email) });
    const token = (await signIn(s, email, password)).tokens?.access_token ?? "";
    await send("PATCH", "/v1/users/me", { name: "Nuova", marketingConsent: false }, token);
    await send("PATCH", "/v1/users/me/invoice", TEST_BILLING, token);

    // The questionnaire, the claim, a message and an order.
    const practice = await send("POST", "/v1/feedback", {
      answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    const practiceId = String(practice.practiceId);
    await send("PATCH", `/v1/practices/${practiceId}/user`, { claimToken: practice.claimToken }, token);
    await send("POST", `/v1/practices/${practiceId}/comments`, { comment: "Ecco cosa è successo." }, token);
    const order = await send(
      "POST",
      "/v1/orders",
      {
        practiceId,
        items: ["INJUCTION"],
        invoice: { ...TEST_BILLING, ...FORGED },
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: "7a2d3c41-5b6e-4f70-8a91-b2c3d4e5f607",
        payment: {
          type: "STRIPE",
          code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, "succeeds") }),
        },
      },
      token,
    );
    expect(order).toMatchObject({ order: { status: "PAID" } });

    // A visitor's writes: the support chat, a free consultation, the newsletter, an idea.
    await send("POST", "/v1/support/thread/messages", { text: "Ho bisogno di aiuto." });
    const { slots } = (await (await fetch(`${s.base}/v1/consultations/slots`)).json()) as {
      slots: { startsAt: string }[];
    };
    await send("POST", "/v1/consultations", {
      name: "Anna Bianchi",
      email: "anna.forgiata@example.org",
      phone: "3337654321",
      kind: "video",
      startsAt: slots[0]?.startsAt,
      privacyAccepted: true,
    });
    await send("POST", "/v1/newsletter", { email: "lettrice@example.org", privacyAccepted: true });
    await send("POST", "/v1/ideas", {
      name: "Anna",
      email: "idea@example.org",
      title: "Un'idea",
      description: "Una guida per chi aiuta un'amica.",
      privacyAccepted: true,
    });

    // No row anywhere holds a forged value; her account has no role; her practice starts as every one does.
    const { db } = s.handle;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const holding = async (values: string[]) => {
      const found: string[] = [];
      for (const { table_name: table } of tables.rows) {
        const rows = (await db.execute(
          sql`select t::text as row from ${sql.identifier(table)} t`,
        )) as unknown as {
          rows: { row: string }[];
        };
        for (const { row } of rows.rows)
          if (values.some((v) => row.includes(v))) found.push(`${table}: ${row.slice(0, 200)}`);
      }
      return found;
    };
    // The scan sees what was stored (her message), and nothing forged.
    expect(await holding(["Ecco cosa è successo."])).toHaveLength(1);
    const holders = await holding([FORGED_ID, FORGED_CODE, FORGED_DAY, String(FORGED_NUMBER)]);
    expect(holders).toEqual([]);
    const me = (await (
      await fetch(`${s.base}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      roles: string[];
    };
    expect(me.roles).toEqual([]);
    const detail = (await (
      await fetch(`${s.base}/v1/practices/${practiceId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { status: string; ticketCode: string };
    expect(detail.ticketCode).not.toBe(FORGED_CODE);
    expect(detail.status).not.toBe("CLOSED");
  });
});
