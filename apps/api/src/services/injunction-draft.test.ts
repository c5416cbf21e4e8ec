import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { renderDocx } from "../docx/docx-document.ts";
import { checkUploadContent } from "../uploads/content-check.ts";
import { DAYS_TO_COMPLY, type InjunctionFacts, injunctionLetter } from "./injunction-draft.ts";

const feedback = evaluateFeedback(
  { category: "STALKING", firstEventDate: "2026-08-01", lastEventDate: "2026-11-10", repeated: true },
  "2026-11-24",
);

const facts: InjunctionFacts = {
  ticketCode: "AR-7KQ2M9XD",
  client: { name: "Giulia Esposito", address: "Via dei Mille 10, 00185 Roma (RM)" },
  platform: "Instagram",
  crimeUrl: "https://www.instagram.com/p/abc?x=1&y=<script>",
  answers: { firstEventDate: "2026-08-01", lastEventDate: "2026-11-10", knowledgeDate: "2026-08-03" },
  offences: feedback.offences,
  lawyerName: "Marco Rinaldi",
  today: "2026-11-24",
};

/** The .docx's parts, and its body's text with the XML tags taken out (one line per paragraph). */
function open(facts: InjunctionFacts) {
  const bytes = renderDocx(injunctionLetter(facts));
  const parts = unzipSync(bytes);
  const xml = strFromU8(parts["word/document.xml"] as Uint8Array);
  const text = xml
    .replace(/<\/w:p>/g, "\n")
    .replace(/<w:br\/>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
  return { bytes, parts, xml, text };
}

describe("the formal notice's draft", () => {
  it("is a Word package the upload widget takes back as a .docx", () => {
    const { bytes, parts } = open(facts);
    expect(Object.keys(parts).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "word/_rels/document.xml.rels",
      "word/document.xml",
      "word/styles.xml",
    ]);
    expect(checkUploadContent("bozza-diffida-AR-7KQ2M9XD.docx", bytes)).toBeNull();
  });

  it("names the practice, the client, the facts and the offences with their articles", () => {
    const { text } = open(facts);
    expect(text).toContain("DIFFIDA AD ADEMPIERE E MESSA IN MORA");
    expect(text).toContain("rif. pratica AR-7KQ2M9XD");
    expect(text).toContain("Rif. pratica Argine AR-7KQ2M9XD");
    expect(text).toContain("Scrivo in nome e per conto di Giulia Esposito, residente in Via dei Mille 10");
    expect(text).toContain("sulla piattaforma Instagram, all'indirizzo https://www.instagram.com/p/abc");
    expect(text).toContain("dall'1 agosto 2026 al 10 novembre 2026");
    expect(text).toContain("ne ha avuto conoscenza il 3 agosto 2026");
    expect(feedback.offences.length).toBeGreaterThan(0);
    for (const offence of feedback.offences) expect(text).toContain(offence.article);
    expect(text).toContain("art. 612-bis c.p.");
    expect(text).toContain(`entro e non oltre ${DAYS_TO_COMPLY} giorni`);
    expect(text).toContain("si riserva di sporgere querela");
    expect(text).toContain("risarcimento di tutti i danni");
    expect(text).toContain("[destinatario]");
    expect(text).toContain("[luogo], 24 novembre 2026");
    expect(text).toContain("Avv. Marco Rinaldi");
  });

  it("escapes what the user wrote, and drops what XML cannot hold", () => {
    const { xml, text } = open({
      ...facts,
      platform: 'Forum "Dietro" & <Co>\u0007',
      client: { name: "Anna D'Amico <b>", address: null },
    });
    expect(xml).toContain("Forum &quot;Dietro&quot; &amp; &lt;Co&gt;");
    expect(xml).toContain("y=&lt;script&gt;");
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0007");
    expect(text).toContain("Anna D'Amico <b>, residente in [indirizzo dell'assistito]");
  });

  it("leaves placeholders where the practice says nothing, and names nobody for an anonymous client", () => {
    const { text } = open({
      ...facts,
      client: null,
      platform: null,
      crimeUrl: null,
      answers: {},
      offences: [],
      lawyerName: null,
    });
    expect(text).toContain("[nome e cognome dell'assistito], residente in [indirizzo dell'assistito]");
    expect(text).toContain("sulla piattaforma [piattaforma], all'indirizzo [indirizzo (URL) del contenuto]");
    expect(text).toContain("in data [data dei fatti]");
    expect(text).toContain("[reati e articoli di legge da indicare]");
    expect(text).toContain("Avv. [nome e cognome dell'avvocato]");
    expect(text).not.toContain("Giulia");
  });
});
