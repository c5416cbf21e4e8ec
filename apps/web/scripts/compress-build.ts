// Writes a Brotli (.br) and a gzip (.gz) copy of every text file in build/client, once at build time, so the
// server sends compressed pages and scripts without compressing on each request (@fastify/static's
// preCompressed picks the copy the browser accepts). Run last by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT_DIR = new URL("../build/client/", import.meta.url).pathname;
const TEXT = /\.(html|js|css|data|json|xml|txt|svg|webmanifest)$/;

let before = 0;
let after = 0;
for (const entry of readdirSync(CLIENT_DIR, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const content = readFileSync(path);
  if (content.length < 512) continue;
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  before += content.length;
  after += brotli.length;
}
console.info(
  `compressed: ${Math.round(before / 1024)} KB of text → ${Math.round(after / 1024)} KB with Brotli`,
);
