import { describe, expect, it } from "vitest";
import { messages } from "../shared/schema-messages.test-helpers.ts";
import {
  CodiceFiscaleSchema,
  isValidTaxCode,
  PartitaIvaSchema,
  TaxCodeSchema,
  taxCodeError,
} from "./tax-code.ts";

describe("TaxCodeSchema", () => {
  it("accepts a codice fiscale, normalised", () => {
    expect(TaxCodeSchema.parse(" rssmra80a01h501u ")).toBe("RSSMRA80A01H501U");
    expect(TaxCodeSchema.parse("RSSMRA 80A01 H501U")).toBe("RSSMRA80A01H501U");
  });

  it("accepts a partita IVA", () => {
    expect(TaxCodeSchema.parse("06363391001")).toBe("06363391001");
  });

  it("names the right document in the error", () => {
    expect(messages(TaxCodeSchema, "06363391002")).toEqual(["Partita IVA non valida."]);
    expect(messages(TaxCodeSchema, "RSSMRA80A01H501X")).toEqual(["Codice fiscale non valido."]);
    expect(messages(TaxCodeSchema, "hello")).toEqual(["Codice fiscale non valido."]);
  });

  it("asks for the field when empty", () => {
    expect(messages(TaxCodeSchema, "  ")).toEqual(["Campo Obbligatorio"]);
  });

  it("agrees with the plain helpers", () => {
    expect(isValidTaxCode("MRTMTT25D09F205Z")).toBe(true);
    expect(isValidTaxCode("01234567890")).toBe(false);
    expect(taxCodeError("01234567897")).toBeNull();
    expect(taxCodeError("01234567890")).toBe("Partita IVA non valida.");
  });
});

describe("CodiceFiscaleSchema and PartitaIvaSchema", () => {
  it("accept only their own document", () => {
    expect(CodiceFiscaleSchema.parse("mrtmtt25d09f205z")).toBe("MRTMTT25D09F205Z");
    expect(messages(CodiceFiscaleSchema, "01234567897")).toEqual(["Codice fiscale non valido."]);
    expect(PartitaIvaSchema.parse("012 345 678 97")).toBe("01234567897");
    expect(messages(PartitaIvaSchema, "MRTMTT25D09F205Z")).toEqual(["Partita IVA non valida."]);
  });
});
