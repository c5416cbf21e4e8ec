import { strToU8, zipSync } from "fflate";
import { escapeXml } from "../xml.ts";

// A Word document (.docx) written by hand: the smallest OOXML package Word and LibreOffice open without a
// repair prompt ([Content_Types].xml, the package and document relationships, the body, its styles). Made
// for drafts a lawyer edits, so only paragraphs of plain or bold text: no tables, images or numbering.

export type DocxParagraphStyle = "Title" | "Heading1" | "Normal";

export interface DocxRun {
  text: string;
  bold?: boolean;
}

export interface DocxParagraph {
  /** Plain text, or runs when part of it is bold; a "\n" inside a run is a line break. */
  content: string | DocxRun[];
  style?: DocxParagraphStyle;
  align?: "left" | "right" | "center" | "both";
}

const WORD_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;

const PACKAGE_RELS = `${XML_DECLARATION}<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/></Relationships>`;

const DOCUMENT_RELS = `${XML_DECLARATION}<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/></Relationships>`;

// Word wants each element's children in the schema's order (in w:pPr: pStyle, keepNext, spacing, jc,
// outlineLvl) and repairs the file otherwise. Times New Roman 12 pt, 1.15 lines, some space after each
// paragraph: a lawyer's letter as drafted.
const STYLES = `${XML_DECLARATION}<w:styles xmlns:w="${WORD_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="it-IT"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:before="240" w:after="240"/><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:bCs/><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:bCs/></w:rPr></w:style></w:styles>`;

// A4 with 2.5 cm margins, in twentieths of a point.
const SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1418" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>';

/**
 * Text as XML character data: the five special characters escaped, and the characters XML 1.0 cannot hold at
 * all (controls but tab and newline, unpaired surrogates, U+FFFE/U+FFFF) dropped, since a user's answer may
 * carry them and a single one makes Word refuse the whole file.
 */
function escapeXmlText(text: string): string {
  return escapeXml(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
    text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu, ""),
  );
}

function runXml({ text, bold }: DocxRun): string {
  const props = bold ? "<w:rPr><w:b/><w:bCs/></w:rPr>" : "";
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `<w:t xml:space="preserve">${escapeXmlText(line.replace(/\t/g, " "))}</w:t>`);
  return `<w:r>${props}${lines.join("<w:br/>")}</w:r>`;
}

function paragraphXml({ content, style = "Normal", align }: DocxParagraph): string {
  const runs = typeof content === "string" ? [{ text: content }] : content;
  const props = [
    style === "Normal" ? "" : `<w:pStyle w:val="${style}"/>`,
    align ? `<w:jc w:val="${align}"/>` : "",
  ].join("");
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${runs.map(runXml).join("")}</w:p>`;
}

/** The body: word/document.xml. */
function documentXml(paragraphs: readonly DocxParagraph[]): string {
  return `${XML_DECLARATION}<w:document xmlns:w="${WORD_NS}" xmlns:r="${OFFICE_REL}"><w:body>${paragraphs.map(paragraphXml).join("")}${SECTION}</w:body></w:document>`;
}

/** The .docx file's bytes. */
export function renderDocx(paragraphs: readonly DocxParagraph[]): Uint8Array {
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(PACKAGE_RELS),
      "word/document.xml": strToU8(documentXml(paragraphs)),
      "word/_rels/document.xml.rels": strToU8(DOCUMENT_RELS),
      "word/styles.xml": strToU8(STYLES),
    },
    { level: 6 },
  );
}
