import { describe, expect, it } from "vitest";
import { findPersonalData, typedTexts } from "../e2e/log-check.ts";

// The journeys' log check (e2e/log-check.ts) finds what it looks for, and not request ids or timings.
describe("the server log's check for personal data", () => {
  const line = (msg: string) =>
    JSON.stringify({
      level: 30,
      reqId: "c2d69df9-dfa0-42b1-bdc2-3238245142f1",
      responseTime: 0.4154290000005858,
      msg,
    });

  it("finds an address, a codice fiscale, a phone, a card, a token and a typed text", () => {
    const log = [
      line("mail to giulia.rossi@example.org"),
      line("billing RSSMRA85T10A562S"),
      line("call +39 333 765 4321"),
      line("card 4242 4242 4242 4242"),
      line("token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig"),
      line("comment Il mio studio si occupa di diffamazione online da dieci anni."),
    ].join("\n");
    expect(findPersonalData(log, typedTexts())).toHaveLength(6);
  });

  it("passes request ids, timings, codes and the operator's banner", () => {
    const log = [
      line("request completed"),
      JSON.stringify({ reqId: "46637e9303c41c8fd96c62f333193722", msg: "incoming request" }),
      line("GET /dashboard/practices/case/AR-DEMO0001"),
      "    cliente@demo.argine.it     cliente",
    ].join("\n");
    expect(findPersonalData(log, typedTexts())).toEqual([]);
  });
});
