import { fileURLToPath } from "node:url";
import { formatItalianDate } from "@argine/core/feedback/calendar";
import {
  DEADLINE_KIND_LABELS,
  EVALUATION_COPY,
  formatArticle,
  groupResult,
  PROCEDIBILITY_TEXT,
  RESULT_GROUP_COPY,
} from "@argine/core/feedback/presentation";
import { type FeedbackResult, SECTION } from "@argine/core/feedback/result";
import PDFDocument from "pdfkit";

// An embedded Unicode font: accents, "€", "§" and typographic quotes print the same on every machine.
const FONT = fileURLToPath(new URL("../../assets/fonts/DejaVuSans.ttf", import.meta.url));
const FONT_BOLD = fileURLToPath(new URL("../../assets/fonts/DejaVuSans-Bold.ttf", import.meta.url));

export const PDF_DISCLAIMER =
  "Questa è una prima valutazione automatica, costruita sulle tue risposte: è un orientamento e non ha valore di parere legale. Per decidere cosa fare, parlane con un avvocato.";

export interface FeedbackDocument {
  ticketCode: string;
  createdAt: Date;
  feedback: FeedbackResult;
  /** Printed only when the download proved it already knows it (the practice is still unowned). */
  claimKey?: string | null;
}

/**
 * The feedback as a PDF (spec §2 "Feedback download"): code (with its claim key when the download carried
 * it), date, evaluation, offences, deadlines, the requests the victim can make at once, what to do instead
 * of a complaint, sections. Grouped as on screen.
 */
export function renderFeedbackPdf({
  ticketCode,
  createdAt,
  feedback,
  claimKey,
}: FeedbackDocument): Promise<Buffer> {
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
      .text(article ? `${text} (${formatArticle(article)})` : text, { paragraphGap: 4 });

  doc.font("bold").fontSize(20).text("Argine - il tuo primo parere");
  doc
    .moveDown(0.3)
    .font("body")
    .fontSize(10.5)
    .text(`Pratica ${ticketCode} - valutazione del ${formatItalianDate(feedback.asOf)}`)
    .text(
      `Creata il ${createdAt.toISOString().slice(0, 10).split("-").reverse().join("/")} - regole ${feedback.rulesVersion}`,
    );
  if (claimKey) printClaimKey(doc, ticketCode, claimKey);

  const verdict = EVALUATION_COPY[feedback.evaluation];
  heading(verdict.title, 15);
  paragraph(`${verdict.badge}. ${verdict.lead}`);

  if (feedback.offences.length) {
    heading("Reati che sembrano presenti");
    for (const o of feedback.offences) {
      const deadline = o.complaintDeadline
        ? ` Querela entro il ${formatItalianDate(o.complaintDeadline)}.`
        : "";
      const uncertain = o.certain ? "" : " Alcuni elementi sono da verificare.";
      const penalty = `${o.penalty.charAt(0).toUpperCase()}${o.penalty.slice(1)}`;
      paragraph(
        `${o.title}. ${PROCEDIBILITY_TEXT[o.procedibility]}${deadline} ${penalty}${uncertain}`,
        o.article,
      );
    }
  }

  const groups = groupResult(feedback);
  if (groups.deadlines.length) {
    heading(RESULT_GROUP_COPY.deadlines.title);
    for (const d of groups.deadlines) {
      paragraph(`${formatItalianDate(d.date)} - ${DEADLINE_KIND_LABELS[d.kind]}: ${d.note}`, d.article);
    }
  }
  if (groups.options.length) {
    heading(RESULT_GROUP_COPY.options.title);
    paragraph(RESULT_GROUP_COPY.options.intro);
    for (const o of groups.options) paragraph(`${DEADLINE_KIND_LABELS[o.kind]}: ${o.note}`, o.article);
  }
  if (groups.civilRemedies.length) {
    heading(RESULT_GROUP_COPY.civilRemedies.title);
    paragraph(RESULT_GROUP_COPY.civilRemedies.intro);
    for (const entry of groups.civilRemedies) paragraph(entry.text, entry.article);
  }

  for (const key of SECTION.values) {
    const entries = feedback.sections[key];
    if (!entries.length) continue;
    heading(SECTION.labels[key]);
    for (const entry of entries) paragraph(entry.text, entry.article);
  }

  heading("Avvertenza", 11);
  paragraph(PDF_DISCLAIMER);
  doc.end();
  return done;
}

/** The claim key under the header (issue 12): with the code, it finds the practice again from any device. */
function printClaimKey(doc: PDFKit.PDFDocument, ticketCode: string, claimKey: string): void {
  doc
    .moveDown(0.6)
    .font("bold")
    .fontSize(11)
    .text(`Codice pratica ${ticketCode} - chiave di recupero ${claimKey}`)
    .font("body")
    .fontSize(10.5)
    .text(
      "Con il codice e la chiave puoi aggiungere la pratica al tuo account da qualsiasi dispositivo: accedi e scegli «Ho un codice pratica». Tienili per te: chi li conosce può prendere la pratica.",
      { paragraphGap: 4 },
    );
}
