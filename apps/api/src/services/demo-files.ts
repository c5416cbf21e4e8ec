import type { DemoFile } from "@argine/db/seed";
import { styledPdf } from "../pdf/pdf-document.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * A demo file's bytes in the storage (demo mode only): a small PDF in the product's style, put once;
 * its size, for the row the seed records. A storage that already holds it is left as it is.
 */
export async function storeDemoFile(storage: Storage, file: DemoFile): Promise<number> {
  const stored = await storage.head(file.storageKey);
  if (stored) return stored.size;
  const pdf = styledPdf({ title: file.title });
  pdf.title(file.title);
  for (const paragraph of file.paragraphs) pdf.paragraph(paragraph);
  const bytes = await pdf.finish();
  await storage.put(file.storageKey, bytes);
  return bytes.length;
}
