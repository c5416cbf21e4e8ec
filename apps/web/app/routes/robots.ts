import { config } from "../config.ts";

// /robots.txt, a resource route written to a file when the site is prerendered. The personal areas are
// never indexed; their pages also carry no content worth indexing.
export function loader() {
  const body = `User-agent: *
Allow: /
Disallow: /dashboard
Disallow: /account
Disallow: /callback
Disallow: /logout
Disallow: /newsletter
Disallow: /dev

Sitemap: ${config.siteUrl}/sitemap.xml
`;
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
