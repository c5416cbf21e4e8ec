import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

// The one PDF style of the product (the feedback, the money documents): A4, an embedded Unicode font, the
// same sizes for titles, headings and text. Every document's text stays extractable (tests read it).

// An embedded Unicode font: accents, "€", "§" and typographic quotes print the same on every machine.
const FONT = fileURLToPath(new URL("../../assets/fonts/DejaVuSans.ttf", import.meta.url));
const FONT_BOLD = fileURLToPath(new URL("../../assets/fonts/DejaVuSans-Bold.ttf", import.meta.url));

export const BODY_SIZE = 10.5;

export interface StyledPdf {
  doc: PDFKit.PDFDocument;
  /** The document's big title, once at the top. */
  title(text: string): void;
  heading(text: string, size?: number): void;
  paragraph(text: string): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

export function styledPdf(info: { title: string; author?: string }): StyledPdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: info.title, Author: info.author ?? "Argine" },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return {
    doc,
    title: (text) => {
      doc.font("bold").fontSize(20).text(text);
    },
    heading: (text, size = 13) => {
      doc.moveDown(0.8).font("bold").fontSize(size).text(text).moveDown(0.3);
    },
    paragraph: (text) => {
      doc.font("body").fontSize(BODY_SIZE).text(text, { paragraphGap: 4 });
    },
    finish: () => {
      doc.end();
      return done;
    },
  };
}
