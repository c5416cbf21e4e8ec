import { inflateSync } from "node:zlib";
import { romeWallClock } from "@argine/core/consultation/slots";
import { ATTACHMENT_KIND_LABELS } from "@argine/core/diary/attachments";
import { COMPLAINT_GUIDE_TITLE, complaintGuide, minorOrSexualCase } from "@argine/core/diary/complaint-guide";
import { DIARY_PLATFORM } from "@argine/core/diary/entry";
import { CRIME_TYPE } from "@argine/core/feedback/crime-type";
import {
  DEADLINE_KIND_LABELS,
  EVALUATION_COPY,
  formatArticle,
  groupResult,
  PROCEDIBILITY_TEXT,
  RESULT_GROUP_COPY,
} from "@argine/core/feedback/presentation";
import type { FeedbackResult } from "@argine/core/feedback/result";
import { formatItalianDate, romeCalendarDay } from "@argine/core/shared/calendar";
import { countOf, withDayArticle } from "@argine/core/shared/italian-grammar";
import { fileSizeText } from "@argine/core/uploads/upload-rules";
import { PDF_DISCLAIMER } from "../feedback/pdf.ts";
import { BODY_SIZE, type StyledPdf, styledPdf } from "../pdf/pdf-document.ts";
import type { DossierInput, DossierSeal, QuestionnaireFacts } from "./dossier-input.ts";
import {
  type AttachmentFiles,
  dossierLayout,
  type EntryFiles,
  howToVerify,
  type VerifySection,
} from "./dossier-zip.ts";

// The dossier's PDF (issue 40): the cover, the questionnaire's result, the incidents in order with their
// attachments, hashes and seals, how to verify them (the ZIP's own file names), and "Come presentare la
// querela". Its text stays extractable. An image is never what fails the document: a thumbnail that cannot
// be read is a line saying so, the original is in the ZIP.

const DOSSIER_TITLE = "Dossier degli episodi";

/** "30 novembre 2026" and "11:00:05" on Rome's calendar and clock (Rome's offsets are whole hours). */
function romeMoment(at: Date): { day: string; time: string } {
  const { date, time } = romeWallClock(at);
  return { day: formatItalianDate(date), time: `${time}:${String(at.getUTCSeconds()).padStart(2, "0")}` };
}

/** "del 30 novembre 2026 alle 11:00:05" (or "il …" after another article). */
function atMoment(article: "il" | "del", at: Date): string {
  const { day, time } = romeMoment(at);
  return `${withDayArticle(article, day)} alle ${time}`;
}

function sealText(seal: DossierSeal): string {
  if (!seal.sealedAt) return "sigillo temporale in attesa";
  return `sigillo temporale ${atMoment("del", seal.sealedAt)} (ora italiana), numero di serie ${seal.serial ?? "-"}`;
}

/** "Etichetta: valore", the label in bold. */
function field(pdf: StyledPdf, label: string, value: string): void {
  pdf.doc.font("bold").fontSize(BODY_SIZE).text(`${label}: `, { continued: true }).font("body").text(value);
}

/** A line in bold, above what it names. */
function label(pdf: StyledPdf, text: string): void {
  pdf.doc.font("bold").fontSize(BODY_SIZE).text(text);
}

/**
 * The dossier as a PDF. Thumbnails of JPEG and PNG images are printed unless the case involves a minor or
 * sexual content: those images stay in the ZIP only, never on a sheet that is printed and handed over.
 */
export async function renderDossierPdf(input: DossierInput): Promise<Buffer> {
  const code = input.practice?.ticketCode;
  const pdf = styledPdf({ title: `Argine - ${DOSSIER_TITLE}${code ? `, pratica ${code}` : ""}` });
  const feedback = input.practice?.feedback ?? null;
  const minorOrSexual = minorOrSexualCase(feedback);
  const layout = dossierLayout(input.entries);

  cover(pdf, input);
  if (input.practice) questionnaireFacts(pdf, input.practice.facts);
  if (feedback) questionnaireResult(pdf, feedback);
  pdf.doc.addPage();
  pdf.title("Gli episodi");
  const thumbnails = thumbnailPrinter(!minorOrSexual);
  for (const files of layout) await incident(pdf, files, thumbnails);

  pdf.doc.addPage();
  pdf.title("Come verificare");
  verification(pdf, howToVerify(layout));

  pdf.doc.addPage();
  pdf.title(COMPLAINT_GUIDE_TITLE);
  const today = romeCalendarDay(input.generatedAt);
  for (const section of complaintGuide({ offences: feedback?.offences ?? [], today, minorOrSexual })) {
    pdf.heading(section.heading);
    for (const paragraph of section.paragraphs) pdf.paragraph(paragraph);
  }
  return pdf.finish();
}

function cover(pdf: StyledPdf, input: DossierInput): void {
  pdf.title(DOSSIER_TITLE);
  pdf.doc.moveDown(0.5);
  if (input.clientName.trim()) field(pdf, "Di", input.clientName.trim());
  if (input.practice) field(pdf, "Pratica", input.practice.ticketCode);
  field(pdf, "Preparato", `${atMoment("il", input.generatedAt)} (ora italiana)`);
  field(pdf, "Contiene", `${countOf(input.entries.length, "episodio", "episodi")}, in ordine cronologico`);
  pdf.doc.moveDown(0.8);
  pdf.paragraph(
    "Ogni versione di un episodio e ogni allegato sono sigillati con una marca temporale, che prova che il file esisteva in quel momento e non è stato modificato. Il file ZIP che accompagna questo documento contiene i file originali e le marche; come verificarle è spiegato nella sezione «Come verificare».",
  );
}

/** The questionnaire's result, worded as the feedback's own PDF and screen word it (core feedback/presentation). */
/** What she told the questionnaire: the kind of abuse, when it began and ended, and her own account. */
function questionnaireFacts(pdf: StyledPdf, facts: QuestionnaireFacts): void {
  pdf.heading("I fatti raccontati nel questionario", 15);
  if (facts.category && CRIME_TYPE.is(facts.category))
    field(pdf, "Che cosa", CRIME_TYPE.label(facts.category));
  const day = (iso: string | null) => (iso ? formatItalianDate(iso) : null);
  const first = day(facts.firstEventDate);
  if (first) field(pdf, "Primo episodio", first);
  const last = day(facts.lastEventDate);
  if (facts.ongoing) field(pdf, "Ultimo episodio", `${last ?? "-"}, ancora in corso`);
  else if (last) field(pdf, "Ultimo episodio", last);
  const known = day(facts.knowledgeDate);
  if (known) field(pdf, "Ne è venuta a conoscenza", known);
  if (facts.description?.trim()) {
    label(pdf, "Il racconto, con le sue parole");
    pdf.paragraph(facts.description.trim());
  }
}

function questionnaireResult(pdf: StyledPdf, feedback: FeedbackResult): void {
  const verdict = EVALUATION_COPY[feedback.evaluation];
  pdf.heading("Il risultato del questionario", 15);
  pdf.paragraph(`${verdict.badge}. ${verdict.title}.`);
  if (feedback.offences.length) {
    pdf.heading("Reati che sembrano presenti");
    for (const o of feedback.offences) {
      const deadline = o.complaintDeadline
        ? ` Querela entro ${withDayArticle("il", formatItalianDate(o.complaintDeadline))}.`
        : "";
      const prescription = ` Prescrizione: ${formatItalianDate(o.prescriptionDate)}, salvo interruzioni.`;
      const uncertain = o.certain ? "" : " Alcuni elementi sono da verificare.";
      pdf.paragraph(
        `${o.title} (${formatArticle(o.article)}). ${PROCEDIBILITY_TEXT[o.procedibility]}${deadline}${prescription}${uncertain}`,
      );
    }
  }
  const { deadlines } = groupResult(feedback);
  if (deadlines.length) {
    pdf.heading(RESULT_GROUP_COPY.deadlines.title);
    for (const d of deadlines)
      pdf.paragraph(
        `${formatItalianDate(d.date)} - ${DEADLINE_KIND_LABELS[d.kind]}: ${d.note} (${formatArticle(d.article)})`,
      );
  }
  pdf.paragraph(PDF_DISCLAIMER);
}

async function incident(pdf: StyledPdf, files: EntryFiles, thumbnails: ThumbnailPrinter): Promise<void> {
  const [current, ...earlier] = [...files.versions].reverse();
  if (!current) return;
  const { version } = current;
  const { fields } = version;
  const when = fields.occurredAt ? `ore ${fields.occurredAt}` : "ora non ricordata";
  pdf.heading(`Episodio ${files.number} - ${formatItalianDate(fields.occurredOn)}, ${when}`);
  field(pdf, "Dove", DIARY_PLATFORM.labels[fields.platform]);
  field(pdf, "Chi", fields.who.trim() || "autore sconosciuto");
  label(pdf, "Che cosa è successo:");
  pdf.paragraph(fields.what);
  if (fields.urls.length) {
    label(pdf, "Indirizzi (URL):");
    for (const url of fields.urls) pdf.paragraph(url);
  }

  const previous = earlier[0]?.version;
  pdf.doc.moveDown(0.3);
  label(
    pdf,
    previous
      ? `Versione ${version.version}, corregge la versione precedente ${atMoment("del", previous.receivedAt)}. Ricevuta ${atMoment("il", version.receivedAt)}.`
      : `Versione ${version.version}, ricevuta ${atMoment("il", version.receivedAt)}.`,
  );
  pdf.paragraph(`SHA-256 ${version.seal.sha256}; ${sealText(version.seal)}. Nello ZIP: ${current.json}`);
  if (earlier.length) {
    label(pdf, "Versioni precedenti:");
    for (const { version: old, json } of earlier)
      pdf.paragraph(
        `Versione ${old.version} ${atMoment("del", old.receivedAt)}: SHA-256 ${old.seal.sha256}; ${sealText(old.seal)}. Nello ZIP: ${json}`,
      );
  }

  if (files.attachments.length) {
    label(pdf, "Allegati:");
    for (const attachment of files.attachments)
      await attachmentBlock(pdf, attachment, version.attachmentIds, thumbnails);
  }
}

async function attachmentBlock(
  pdf: StyledPdf,
  { attachment, file }: AttachmentFiles,
  currentIds: readonly string[],
  thumbnails: ThumbnailPrinter,
): Promise<void> {
  const onlyEarlier = currentIds.includes(attachment.id) ? "" : " (allegato a una versione precedente)";
  label(pdf, `${attachment.fileName}${onlyEarlier}`);
  pdf.paragraph(
    `${ATTACHMENT_KIND_LABELS[attachment.kind]}, ${fileSizeText(attachment.size)}. SHA-256 ${attachment.seal.sha256}; ${sealText(attachment.seal)}. Nello ZIP: ${file}`,
  );
  if (attachment.kind === "image") {
    const note = await thumbnails(pdf.doc, attachment);
    if (note) pdf.paragraph(note);
  }
}

const THUMBNAIL_BOX: [number, number] = [220, 160];
const THUMBNAIL_MAX_BYTES = 8 * 1024 * 1024;
/** The PDF carries each image whole (pdfkit does not scale them down): past this, the ZIP alone has them. */
const THUMBNAILS_TOTAL_BYTES = 48 * 1024 * 1024;

type ThumbnailPrinter = (
  doc: PDFKit.PDFDocument,
  attachment: AttachmentFiles["attachment"],
) => Promise<string | null>;

/** Prints an image's thumbnail, or returns the line that says why not; the images' bytes counted across the PDF. */
function thumbnailPrinter(allowed: boolean): ThumbnailPrinter {
  let used = 0;
  return async (doc, attachment) => {
    if (!allowed) return "Anteprima non stampata per riservatezza: il file originale è nello ZIP.";
    if (attachment.size > THUMBNAIL_MAX_BYTES || used + attachment.size > THUMBNAILS_TOTAL_BYTES)
      return "Anteprima non stampata perché il file è grande: l'originale è nello ZIP.";
    const unavailable = "Anteprima non disponibile per questo file: l'originale è nello ZIP.";
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await attachment.bytes());
    } catch {
      return unavailable;
    }
    const format = imageFormat(bytes);
    if (!format || (format === "png" && !pngDecodes(bytes))) return unavailable;
    if (doc.y + THUMBNAIL_BOX[1] > doc.page.maxY()) doc.addPage();
    try {
      doc.image(bytes, { fit: THUMBNAIL_BOX });
    } catch {
      return unavailable;
    }
    used += bytes.length;
    doc.moveDown(0.5);
    return null;
  };
}

/** The formats pdfkit draws, by their signature (never by the name). */
function imageFormat(bytes: Uint8Array): "jpeg" | "png" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return png.every((byte, i) => bytes[i] === byte) ? "png" : null;
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_MAX_PIXELS = 40_000_000;

/**
 * Whether pdfkit can draw a PNG without failing later: it decodes one with transparency in a callback whose
 * error would escape any try (an uncaught exception), so the pixels are checked here first, synchronously:
 * not interlaced, the data inflates to the rows' size, each row's filter known.
 */
export function pngDecodes(bytes: Buffer): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null =
    null;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR" && data.length >= 13)
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8] ?? 0,
        color: data[9] ?? 0,
        interlace: data[12] ?? 0,
      };
    if (type === "IDAT") idat.push(data);
    if (type === "IEND") break;
    at += 12 + length;
  }
  const channels = header ? PNG_CHANNELS[header.color] : undefined;
  if (!header || !channels || header.interlace !== 0 || !header.width || !header.height) return false;
  if (header.width * header.height > PNG_MAX_PIXELS) return false;
  const rowBytes = Math.ceil((header.width * channels * header.depth) / 8) + 1;
  const expected = rowBytes * header.height;
  try {
    const pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
    if (pixels.length < expected) return false;
    for (let row = 0; row < header.height; row++) if ((pixels[row * rowBytes] ?? 5) > 4) return false;
    return true;
  } catch {
    return false;
  }
}

/** «Come verificare»: the words and commands of LEGGIMI.txt, each command indented on lines of its own. */
function verification(pdf: StyledPdf, sections: readonly VerifySection[]): void {
  for (const section of sections) {
    pdf.heading(section.heading);
    for (const paragraph of section.paragraphs) {
      if (typeof paragraph === "string") pdf.paragraph(paragraph);
      else command(pdf.doc, paragraph.command);
    }
  }
}

const COMMAND_INDENT = 16;

/** A command broken only between its words (pdfkit would also break a path after a slash). */
function command(doc: PDFKit.PDFDocument, text: string): void {
  doc.font("body").fontSize(9.5);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right - COMMAND_INDENT;
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && doc.widthOfString(`${last} ${word}`) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const x = doc.page.margins.left + COMMAND_INDENT;
  for (const line of lines) doc.text(line, x, doc.y, { width });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4);
}
