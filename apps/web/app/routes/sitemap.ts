import { config } from "../config.ts";
import { INDEXABLE_ROUTES } from "../prerender-routes.ts";

// /sitemap.xml, a resource route written to a file when the site is prerendered.
export function loader() {
  const urls = INDEXABLE_ROUTES.map((path) => `  <url><loc>${config.siteUrl}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
