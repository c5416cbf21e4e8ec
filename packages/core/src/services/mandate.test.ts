import { describe, expect, it } from "vitest";
import {
  DEFENCE_SCOPE,
  DEFENCE_SCOPE_TITLES,
  defenceMandate,
  defenceMandateTemplate,
  formatMandateVersion,
  type MandateSection,
} from "./mandate.ts";

const FACTS = { clientName: "Giulia Bianchi", ticketCode: "AR-ABC123", paidCents: 49000, lawyerName: null };
const section = (letter: MandateSection[], title: string) =>
  letter.find((candidate) => candidate.title === title)?.paragraphs;

describe("the legal defence's scope, one text", () => {
  it("fills the letter's scope sections with the very scope shown before paying", () => {
    for (const letter of [defenceMandate(FACTS), defenceMandateTemplate()]) {
      expect(section(letter, DEFENCE_SCOPE_TITLES.includes)).toEqual(DEFENCE_SCOPE.includes);
      expect(section(letter, DEFENCE_SCOPE_TITLES.excludes)).toEqual(DEFENCE_SCOPE.excludes);
    }
  });

  it("promises the complaint and the preliminary investigations, and names hearings and parte civile as excluded", () => {
    const included = DEFENCE_SCOPE.includes.join(" ");
    expect(included).toMatch(/querela/);
    expect(included).toMatch(/indagini preliminari/);
    expect(included).not.toMatch(/udienz|parte civile|appello|dibattimento/i);
    const excluded = DEFENCE_SCOPE.excludes.join(" ");
    for (const item of [/udienze/, /dibattimento/, /appello/, /parte civile/, /preventivo/]) {
      expect(excluded).toMatch(item);
    }
    expect(DEFENCE_SCOPE.summary).toMatch(/non sono compresi/);
  });
});

describe("the engagement letter", () => {
  it("names the client and, once assigned, the lawyer in one correct sentence", () => {
    const [who] = defenceMandate({ ...FACTS, lawyerName: "Maria Rossi" });
    expect(who?.paragraphs[0]).toBe(
      "Con questa lettera tu, Giulia Bianchi, affidi all'avv. Maria Rossi, del team legale di Argine, l'incarico di assisterti nella pratica AR-ABC123.",
    );
    const [unassigned] = defenceMandate(FACTS);
    expect(unassigned?.paragraphs[0]).toBe(
      "Con questa lettera tu, Giulia Bianchi, affidi a un avvocato del team legale di Argine (ti diremo chi è appena la pratica sarà assegnata) l'incarico di assisterti nella pratica AR-ABC123.",
    );
  });

  it("shows the public template with placeholders for the client's facts", () => {
    const text = defenceMandateTemplate()
      .flatMap((part) => part.paragraphs)
      .join(" ");
    expect(text).toContain("[nome e cognome]");
    expect(text).toContain("[codice della pratica]");
    expect(text).toContain("[prezzo pagato]");
    expect(
      defenceMandate(FACTS)
        .flatMap((part) => part.paragraphs)
        .join(" "),
    ).toContain("490,00");
  });
});

describe("the letter's version as people read it", () => {
  it("names the month and the number, never a date cut short", () => {
    expect(formatMandateVersion("2026-11-2")).toBe("versione di novembre 2026, n. 2");
    expect(formatMandateVersion("2027-01-12")).toBe("versione di gennaio 2027, n. 12");
    expect(formatMandateVersion("2026-13-1")).toBe("versione 2026-13-1");
    expect(formatMandateVersion("bozza")).toBe("versione bozza");
  });
});
