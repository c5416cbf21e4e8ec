import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of a PDF, page after page, through Mozilla's PDF.js: what a reader would copy out of it. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const task = getDocument({ data, useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages.join("\n").replace(/\s+/g, " ");
}
