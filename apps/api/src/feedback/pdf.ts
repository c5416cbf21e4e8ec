import { fileURLToPath } from "node:url";
import { formatItalianDate } from "@argine/core/feedback/calendar";
import { type FeedbackResult, SECTION_KEYS, SECTION_TITLES } from "@argine/core/feedback/result";
import PDFDocument from "pdfkit";

// An embedded Unicode font: accents, "€", "§" and typographic quotes print the same on every machine.
const FONT = fileURLToPath(new URL("../../assets/fonts/DejaVuSans.ttf", import.meta.url));
const FONT_BOLD = fileURLToPath(new URL("../../assets/fonts/DejaVuSans-Bold.ttf", import.meta.url));

export const PDF_DISCLAIMER =
  "Questa è una prima valutazione automatica, costruita sulle tue risposte: è un orientamento e non ha valore di parere legale. Per decidere cosa fare, parlane con un avvocato.";

const HEADLINES: Record<FeedbackResult["evaluation"], string> = {
  VALID: "Dalle tue risposte sembra che ci sia un reato.",
  WITHRESERVE: "Dalle tue risposte potrebbe esserci un reato: alcuni elementi vanno verificati.",
  NOTVALID: "Dalle tue risposte non sembra esserci un reato, ma puoi comunque tutelarti.",
  EXPIRED: "Dalle tue risposte sembra esserci un reato, ma i termini per perseguirlo sembrano scaduti.",
};

const DEADLINE_LABELS: Record<FeedbackResult["deadlines"][number]["kind"], string> = {
  QUERELA: "Querela",
  PRESCRIPTION: "Prescrizione",
  GARANTE: "Garante privacy",
  PLATFORM: "Piattaforma",
};

export interface FeedbackDocument {
  ticketCode: string;
  createdAt: Date;
  feedback: FeedbackResult;
}

/** The feedback as a PDF (spec §2 "Feedback download"): code, date, evaluation, offences, deadlines, sections. */
export function renderFeedbackPdf({ ticketCode, createdAt, feedback }: FeedbackDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Argine - Primo parere, pratica ${ticketCode}`, Author: "Argine" },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string, size = 13) =>
    doc.moveDown(0.8).font("bold").fontSize(size).text(text).moveDown(0.3);
  const paragraph = (text: string, article?: string) =>
    doc
      .font("body")
      .fontSize(10.5)
      .text(article ? `${text} (${article})` : text, { paragraphGap: 4 });

  doc.font("bold").fontSize(20).text("Argine - il tuo primo parere");
  doc
    .moveDown(0.3)
    .font("body")
    .fontSize(10.5)
    .text(`Pratica ${ticketCode} - valutazione del ${formatItalianDate(feedback.asOf)}`)
    .text(
      `Creata il ${createdAt.toISOString().slice(0, 10).split("-").reverse().join("/")} - regole ${feedback.rulesVersion}`,
    );

  heading("Esito", 15);
  paragraph(HEADLINES[feedback.evaluation]);

  if (feedback.offences.length) {
    heading("Reati che sembrano presenti");
    for (const o of feedback.offences) {
      const route = o.procedibility === "QUERELA" ? "serve la querela" : "si procede d'ufficio";
      const deadline = o.complaintDeadline
        ? `, querela entro il ${formatItalianDate(o.complaintDeadline)}`
        : "";
      paragraph(
        `${o.title} (art. ${o.article}): ${route}${deadline}. ${o.penalty}${o.certain ? "" : " Alcuni elementi sono da verificare."}`,
      );
    }
  }

  if (feedback.deadlines.length) {
    heading("Scadenze");
    for (const d of feedback.deadlines) {
      paragraph(`${formatItalianDate(d.date)} - ${DEADLINE_LABELS[d.kind]}: ${d.note}`, d.article);
    }
  }

  for (const key of SECTION_KEYS) {
    const entries = feedback.sections[key];
    if (!entries.length) continue;
    heading(SECTION_TITLES[key]);
    for (const entry of entries) paragraph(entry.text, entry.article);
  }

  heading("Avvertenza", 11);
  paragraph(PDF_DISCLAIMER);
  doc.end();
  return done;
}
