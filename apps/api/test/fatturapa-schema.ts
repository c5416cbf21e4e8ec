import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { validateXML } from "xmllint-wasm";

// Validates FatturaPA XML against the official Schema_1.2.1.xsd (shipped in @digitalia/fatturapa) with
// libxml2 compiled to WebAssembly: no native build and no network. The schema imports the W3C xmldsig schema
// by its web address; the local copy in test/xsd/ (W3C software licence, from Debian's xmltooling-schemas) stands in
// for it through this one-entry catalog, applied to the schema's text since xmllint-wasm reads no catalog file.

const CATALOG: Record<string, string> = {
  "http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd": "xmldsig-core-schema.xsd",
};

const require = createRequire(import.meta.url);

async function schemaFiles() {
  const fatturaPa = await readFile(
    require.resolve("@digitalia/fatturapa/src/schemas/Schema_1.2.1.xsd"),
    "utf8",
  );
  const dsig = await readFile(new URL("./xsd/xmldsig-core-schema.xsd", import.meta.url), "utf8");
  let schema = fatturaPa;
  for (const [remote, local] of Object.entries(CATALOG)) schema = schema.replaceAll(remote, local);
  if (/schemaLocation="https?:/.test(schema)) throw new Error("a schema import is not in the catalog");
  return { schema, dsig };
}

let files: ReturnType<typeof schemaFiles> | undefined;

/** The schema's errors for this XML: none when it is valid. */
export async function fatturaPaSchemaErrors(xml: string): Promise<string[]> {
  files ??= schemaFiles();
  const { schema, dsig } = await files;
  const result = await validateXML({
    xml: [{ fileName: "fattura.xml", contents: xml }],
    schema: [{ fileName: "Schema_1.2.1.xsd", contents: schema }],
    preload: [{ fileName: "xmldsig-core-schema.xsd", contents: dsig }],
    modifyArguments: (args) => ["--nonet", ...args],
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}
