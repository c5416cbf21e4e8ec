import {
  DEADLINE_KIND_LABELS,
  EVALUATION_COPY,
  formatArticle,
  groupResult,
  PROCEDIBILITY_TEXT,
  RESULT_GROUP_COPY,
} from "@argine/core/feedback/presentation";
import { type FeedbackResult, SECTION } from "@argine/core/feedback/result";
import { formatItalianDate } from "@argine/core/shared/calendar";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import { BODY_SIZE, styledPdf } from "../pdf/pdf-document.ts";

export const PDF_DISCLAIMER =
  "Questa è una prima valutazione orientativa, preparata in automatico dalle tue risposte: non ha valore di parere legale. Per decidere cosa fare, parlane con un avvocato.";

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
  const pdf = styledPdf({ title: `Argine - Prima valutazione orientativa, pratica ${ticketCode}` });
  const { doc, heading } = pdf;
  const paragraph = (text: string, article?: string) =>
    pdf.paragraph(article ? `${text} (${formatArticle(article)})` : text);

  pdf.title("Argine - la tua prima valutazione orientativa");
  doc
    .moveDown(0.3)
    .font("body")
    .fontSize(BODY_SIZE)
    .text(`Pratica ${ticketCode} - valutazione ${withDayArticle("del", formatItalianDate(feedback.asOf))}`)
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
        ? ` Querela entro ${withDayArticle("il", formatItalianDate(o.complaintDeadline))}.`
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
  return pdf.finish();
}

/** The claim key under the header (ADR 010): with the code, it finds the practice again from any device. */
function printClaimKey(doc: PDFKit.PDFDocument, ticketCode: string, claimKey: string): void {
  doc
    .moveDown(0.6)
    .font("bold")
    .fontSize(11)
    .text(`Codice pratica ${ticketCode} - chiave di recupero ${claimKey}`)
    .font("body")
    .fontSize(BODY_SIZE)
    .text(
      "Con il codice e la chiave puoi aggiungere la pratica al tuo account da qualsiasi dispositivo: accedi e scegli «Ho un codice pratica». Tienili per te: chi li conosce può prendere la pratica.",
      { paragraphGap: 4 },
    );
}
