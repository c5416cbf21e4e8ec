import { describe, expect, it } from "vitest";
import { CheckoutSchema } from "./checkout.ts";

function issues(value: unknown): [string, string][] {
  const result = CheckoutSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

const invoice = {
  taxCode: "RSSMRA80A01H501U",
  address: "Via Roma 1",
  zip: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
};

describe("CheckoutSchema", () => {
  it("accepts a selection, complete billing data and accepted conditions", () => {
    expect(
      CheckoutSchema.safeParse({
        items: ["TAKEDOWN"],
        invoice,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
      }).success,
    ).toBe(true);
  });

  it("requires at least one service", () => {
    expect(
      issues({ items: [], invoice, salesConditionsAccepted: true, withdrawalWaiverAccepted: true }),
    ).toEqual([["items", "Seleziona almeno un servizio prima di procedere al pagamento."]]);
    expect(issues({ invoice, salesConditionsAccepted: true, withdrawalWaiverAccepted: true })).toEqual([
      ["items", "Seleziona almeno un servizio prima di procedere al pagamento."],
    ]);
  });

  it("requires the general conditions of sale", () => {
    expect(
      issues({ items: ["ADVICE"], invoice, salesConditionsAccepted: false, withdrawalWaiverAccepted: true }),
    ).toEqual([["salesConditionsAccepted", "Devi accettare le condizioni generali di vendita."]]);
  });

  it("requires the request that the services start at once (the right of withdrawal acknowledged)", () => {
    expect(issues({ items: ["ADVICE"], invoice, salesConditionsAccepted: true })).toEqual([
      [
        "withdrawalWaiverAccepted",
        "Per procedere devi chiedere che i servizi inizino subito e prendere atto del diritto di recesso.",
      ],
    ]);
  });

  it("requires every billing field", () => {
    expect(
      issues({
        items: ["ADVICE"],
        invoice: { ...invoice, city: "" },
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
      }),
    ).toEqual([["invoice.city", "Campo Obbligatorio"]]);
  });

  it("refuses unknown or repeated product codes", () => {
    expect(
      issues({ items: ["PIZZA"], invoice, salesConditionsAccepted: true, withdrawalWaiverAccepted: true }),
    ).toHaveLength(1);
    expect(
      issues({
        items: ["ADVICE", "ADVICE"],
        invoice,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
      }),
    ).toHaveLength(1);
  });
});
