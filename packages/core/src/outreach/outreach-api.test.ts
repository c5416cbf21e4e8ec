import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { byField } from "../shared/schema-messages.test-helpers.ts";
import {
  AdminIdeaListSchema,
  AdminNewsletterSubscriptionListSchema,
  AdminPartnershipRequestListSchema,
  IdeaSubmissionSchema,
  NEWSLETTER_STATUS,
  NewsletterConfirmSchema,
  NewsletterSignupSchema,
  OutreachListQuerySchema,
  PARTNERSHIP_KIND,
  PartnershipRequestSchema,
} from "./outreach-api.ts";

/** Every message a field reports. */
function messagesOf(schema: z.ZodType, value: unknown, field: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
}

const PARTNERSHIP = {
  name: "Maria D'Amico",
  email: "maria@studiolegale.it",
  organization: "Studio Legale D'Amico & Associati",
  kind: "LAW_FIRM",
  message: "Vorremmo collaborare sui casi di diffamazione online.",
  privacyAccepted: true,
};

const IDEA = {
  name: "Luca Bianchi",
  email: "luca@example.it",
  title: "Un corso per le scuole",
  description: "Un percorso di tre incontri per spiegare ai ragazzi come difendersi dal cyberbullismo.",
  privacyAccepted: true,
};

describe("NewsletterSignupSchema", () => {
  it("accepts an address with the privacy terms accepted, trimmed", () => {
    expect(NewsletterSignupSchema.parse({ email: "  anna@example.it ", privacyAccepted: true })).toEqual({
      email: "anna@example.it",
      privacyAccepted: true,
    });
  });

  it("reports the spec's messages: required, invalid email, privacy", () => {
    expect(byField(NewsletterSignupSchema, {})).toEqual({
      email: "Campo Obbligatorio",
      privacyAccepted: "Devi accettare l'informativa sulla privacy.",
    });
    expect(byField(NewsletterSignupSchema, { email: "anna@", privacyAccepted: false })).toEqual({
      email: "Non è una email valida!",
      privacyAccepted: "Devi accettare l'informativa sulla privacy.",
    });
    expect(messagesOf(NewsletterSignupSchema, { email: "", privacyAccepted: true }, "email")).toEqual([
      "Campo Obbligatorio",
    ]);
  });
});

describe("NewsletterConfirmSchema", () => {
  it("requires a token of reasonable length", () => {
    expect(byField(NewsletterConfirmSchema, { token: " " })).toEqual({ token: "Campo Obbligatorio" });
    expect(byField(NewsletterConfirmSchema, { token: "x".repeat(201) }).token).toMatch(/link di conferma/);
    expect(NewsletterConfirmSchema.parse({ token: "abc_DEF-123" })).toEqual({ token: "abc_DEF-123" });
  });
});

describe("PartnershipRequestSchema", () => {
  it("accepts a complete request; the organization is optional", () => {
    expect(PartnershipRequestSchema.parse(PARTNERSHIP)).toEqual(PARTNERSHIP);
    const { organization: _, ...without } = PARTNERSHIP;
    expect(PartnershipRequestSchema.safeParse(without).success).toBe(true);
    expect(PartnershipRequestSchema.parse({ ...PARTNERSHIP, organization: "  " }).organization).toBe("");
  });

  it("reports 'Campo Obbligatorio' for every missing required field, and the privacy message", () => {
    expect(
      byField(PartnershipRequestSchema, {
        name: "",
        email: "",
        organization: "",
        kind: "",
        message: "",
        privacyAccepted: false,
      }),
    ).toEqual({
      name: "Campo Obbligatorio",
      email: "Campo Obbligatorio",
      kind: "Campo Obbligatorio",
      message: "Campo Obbligatorio",
      privacyAccepted: "Devi accettare l'informativa sulla privacy.",
    });
  });

  it("refuses special characters in the name and a bad email, with the spec's texts", () => {
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, name: "<script>", email: "x@y" })).toEqual({
      name: "Non sono ammessi caratteri speciali.",
      email: "Non è una email valida!",
    });
  });

  it("takes the message from 20 to 2000 characters", () => {
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, message: "Troppo corto" })).toEqual({
      message: "Scrivi almeno 20 caratteri.",
    });
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, message: "a".repeat(2001) })).toEqual({
      message: "Puoi scrivere al massimo 2000 caratteri.",
    });
    for (const message of ["a".repeat(20), "a".repeat(2000), `  ${"a".repeat(20)}  `])
      expect(PartnershipRequestSchema.safeParse({ ...PARTNERSHIP, message }).success).toBe(true);
  });

  it("refuses an unknown kind and a too long organization", () => {
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, kind: "SPY" })).toEqual({
      kind: "Valore non valido.",
    });
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, organization: "o".repeat(201) })).toEqual({
      organization: "Puoi scrivere al massimo 200 caratteri.",
    });
  });

  it("refuses a NUL character, which the database could not store", () => {
    expect(byField(PartnershipRequestSchema, { ...PARTNERSHIP, message: `${"a".repeat(25)}\u0000` })).toEqual(
      {
        message: "Non sono ammessi caratteri speciali.",
      },
    );
  });

  it("labels the six kinds in Italian", () => {
    expect(PARTNERSHIP_KIND.values.map((k) => PARTNERSHIP_KIND.labels[k])).toEqual([
      "Avvocato",
      "Studio legale",
      "Associazione",
      "Scuola o università",
      "Esperto informatico forense",
      "Altro",
    ]);
    expect(PARTNERSHIP_KIND.label("SCHOOL")).toBe("Scuola o università");
    expect(PARTNERSHIP_KIND.label("UNKNOWN")).toBe("UNKNOWN");
  });
});

describe("IdeaSubmissionSchema", () => {
  it("accepts a complete idea", () => {
    expect(IdeaSubmissionSchema.parse(IDEA)).toEqual(IDEA);
  });

  it("reports the required fields and the privacy message on an empty form", () => {
    expect(
      byField(IdeaSubmissionSchema, {
        name: "",
        email: "",
        title: "",
        description: "",
        privacyAccepted: false,
      }),
    ).toEqual({
      name: "Campo Obbligatorio",
      email: "Campo Obbligatorio",
      title: "Campo Obbligatorio",
      description: "Campo Obbligatorio",
      privacyAccepted: "Devi accettare l'informativa sulla privacy.",
    });
  });

  it("caps the title at 120 characters and takes the description from 30 to 4000", () => {
    expect(byField(IdeaSubmissionSchema, { ...IDEA, title: "t".repeat(121) })).toEqual({
      title: "Puoi scrivere al massimo 120 caratteri.",
    });
    expect(IdeaSubmissionSchema.safeParse({ ...IDEA, title: "t".repeat(120) }).success).toBe(true);
    expect(byField(IdeaSubmissionSchema, { ...IDEA, description: "d".repeat(29) })).toEqual({
      description: "Scrivi almeno 30 caratteri.",
    });
    expect(byField(IdeaSubmissionSchema, { ...IDEA, description: "d".repeat(4001) })).toEqual({
      description: "Puoi scrivere al massimo 4000 caratteri.",
    });
    expect(IdeaSubmissionSchema.safeParse({ ...IDEA, description: "d".repeat(4000) }).success).toBe(true);
  });
});

describe("admin lists", () => {
  it("pages 20 at a time by default, at most 100", () => {
    expect(OutreachListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(OutreachListQuerySchema.parse({ page: "3", pageSize: "50" })).toEqual({ page: 3, pageSize: 50 });
    expect(OutreachListQuerySchema.safeParse({ pageSize: "101" }).success).toBe(false);
    expect(OutreachListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });

  it("describes the three lists", () => {
    const id = "0b0e8a8e-7a4c-4d0e-9a52-1f6f3f1f2a11";
    const createdAt = "2026-11-20T10:00:00.000Z";
    expect(
      AdminNewsletterSubscriptionListSchema.safeParse({
        total: 1,
        data: [{ id, email: "a@b.it", status: "PENDING", createdAt, confirmedAt: null }],
      }).success,
    ).toBe(true);
    expect(
      AdminPartnershipRequestListSchema.safeParse({
        total: 1,
        data: [{ ...PARTNERSHIP, id, organization: null, createdAt, privacyAccepted: undefined }],
      }).success,
    ).toBe(true);
    expect(AdminIdeaListSchema.safeParse({ total: 1, data: [{ ...IDEA, id, createdAt }] }).success).toBe(
      true,
    );
    expect(NEWSLETTER_STATUS.labels).toEqual({ PENDING: "in attesa di conferma", CONFIRMED: "confermata" });
  });
});
