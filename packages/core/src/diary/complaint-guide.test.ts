import { describe, expect, it } from "vitest";
import type { Offence } from "../feedback/result.ts";
import {
  COMPLAINT_GUIDE_TITLE,
  complaintGuide,
  type GuideSection,
  minorOrSexualCase,
} from "./complaint-guide.ts";

const offence = (overrides: Partial<Offence>): Offence => ({
  code: "DEFAMATION",
  article: "595 c.p.",
  title: "Diffamazione",
  procedibility: "QUERELA",
  complaintDeadline: "2027-03-01",
  prescriptionDate: "2033-01-01",
  penalty: "fino a 3 anni",
  aggravations: [],
  certain: true,
  ...overrides,
});

const stalking = offence({
  code: "STALKING",
  article: "612-bis c.p.",
  title: "Atti persecutori (stalking)",
  complaintDeadline: "2027-05-20",
});
const impersonation = offence({
  code: "IMPERSONATION",
  article: "494 c.p.",
  title: "Sostituzione di persona",
  procedibility: "UFFICIO",
  complaintDeadline: null,
});

const section = (sections: GuideSection[], heading: string) => {
  const found = sections.find((s) => s.heading === heading);
  if (!found) throw new Error(`no section «${heading}» in ${sections.map((s) => s.heading).join(", ")}`);
  return found.paragraphs.join("\n");
};

describe("the complaint guide", () => {
  it("is titled as the issue names it, and says where, how, what to bring and by when", () => {
    expect(COMPLAINT_GUIDE_TITLE).toBe("Come presentare la querela");
    const sections = complaintGuide({ offences: [stalking], today: "2027-01-10", minorOrSexual: false });
    expect(sections.map((s) => s.heading)).toEqual([
      "Dove presentarla",
      "Come si fa",
      "Cosa portare",
      "Entro quando",
    ]);
    const where = section(sections, "Dove presentarla");
    expect(where).toContain("Polizia Postale e delle Comunicazioni");
    expect(where).toContain("Carabinieri");
    expect(where).toContain("Procura della Repubblica");
    expect(where).toContain("PEC");
    const how = section(sections, "Come si fa");
    expect(how).toContain("archiviare");
    expect(how).toContain("attestazione");
    const bring = section(sections, "Cosa portare");
    expect(bring).toContain("documento d'identità");
    expect(bring).toContain("chiavetta USB");
  });

  it("lists the complaint terms the earliest first, each as «entro il» its Italian date", () => {
    const deadlines = section(
      complaintGuide({
        offences: [stalking, offence({ complaintDeadline: "2027-03-01" })],
        today: "2027-01-10",
        minorOrSexual: false,
      }),
      "Entro quando",
    );
    const defamation = deadlines.indexOf(
      "Diffamazione (art. 595 c.p.): presenta la querela entro l'1 marzo 2027.",
    );
    const persecution = deadlines.indexOf(
      "Atti persecutori (stalking) (art. 612-bis c.p.): presenta la querela entro il 20 maggio 2027.",
    );
    expect(defamation).toBeGreaterThanOrEqual(0);
    expect(persecution).toBeGreaterThan(defamation);
    expect(deadlines).not.toContain("scadut");
  });

  it("says gently that a passed term seems passed, and that a lawyer should look at it", () => {
    const deadlines = section(
      complaintGuide({
        offences: [offence({ complaintDeadline: "2027-01-09" }), stalking],
        today: "2027-01-10",
        minorOrSexual: false,
      }),
      "Entro quando",
    );
    expect(deadlines).toContain(
      "Diffamazione (art. 595 c.p.): il termine per la querela sembra scaduto il 9 gennaio 2027.",
    );
    expect(deadlines).toContain("presenta la querela entro il 20 maggio 2027");
    expect(deadlines).toContain("Fallo vedere subito a un avvocato.");
    // The last day itself is still in time.
    const lastDay = section(
      complaintGuide({
        offences: [offence({ complaintDeadline: "2027-01-10" })],
        today: "2027-01-10",
        minorOrSexual: false,
      }),
      "Entro quando",
    );
    expect(lastDay).toContain("entro il 10 gennaio 2027");
    expect(lastDay).not.toContain("avvocato");
  });

  it("for offences prosecuted ex officio gives no term: anyone can report", () => {
    const deadlines = section(
      complaintGuide({ offences: [impersonation], today: "2027-01-10", minorOrSexual: false }),
      "Entro quando",
    );
    expect(deadlines).toContain("Sostituzione di persona (art. 494 c.p.): si procede d'ufficio");
    expect(deadlines).toContain("chiunque può denunciare il fatto");
    expect(deadlines).not.toMatch(/entro (il|l')/);
  });

  it("without a result, states the general rule of art. 124 c.p. and no date", () => {
    const deadlines = section(
      complaintGuide({ offences: [], today: "2027-01-10", minorOrSexual: false }),
      "Entro quando",
    );
    expect(deadlines).toContain("3 mesi");
    expect(deadlines).toContain("art. 124 c.p.");
  });

  it("for a minor or sexual content opens with who helps first", () => {
    const sections = complaintGuide({ offences: [stalking], today: "2027-01-10", minorOrSexual: true });
    expect(sections[0]?.heading).toBe("Prima di tutto");
    const first = section(sections, "Prima di tutto");
    expect(first).toContain("112");
    expect(first).toContain("1522");
    expect(first).toContain("114 Emergenza Infanzia");
    expect(first).toContain("Garante per la protezione dei dati personali");
    expect(sections.map((s) => s.heading)).toContain("Entro quando");
  });

  it("says so when the complaint was already filed (a complaint-based offence without a term)", () => {
    const deadlines = section(
      complaintGuide({
        offences: [offence({ complaintDeadline: null })],
        today: "2027-01-10",
        minorOrSexual: false,
      }),
      "Entro quando",
    );
    expect(deadlines).toContain(
      "Diffamazione (art. 595 c.p.): risulta che la querela sia già stata presentata.",
    );
  });
});

describe("which results open the guide with who helps first", () => {
  const result = { offences: [stalking], humanReview: false, deadlines: [] };
  it("a sexual offence, a case sent to a person first, a minor victim; nothing else", () => {
    expect(minorOrSexualCase(null)).toBe(false);
    expect(minorOrSexualCase(result)).toBe(false);
    expect(minorOrSexualCase({ ...result, offences: [offence({ code: "REVENGE_PORN" })] })).toBe(true);
    expect(minorOrSexualCase({ ...result, offences: [offence({ code: "SEXUAL_VIOLENCE" })] })).toBe(true);
    expect(minorOrSexualCase({ ...result, humanReview: true })).toBe(true);
    // The removal request to the platform (art. 2 L. 71/2017) is offered to minors only.
    const platform = {
      kind: "PLATFORM" as const,
      date: "2027-01-12",
      article: "2 L. 71/2017",
      note: "Rimozione",
    };
    expect(minorOrSexualCase({ ...result, deadlines: [platform] })).toBe(true);
  });
});
