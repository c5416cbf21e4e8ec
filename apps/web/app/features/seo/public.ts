// What the other features may use of seo (docs/architecture.md, web part: features meet through public.ts).
export { pageMeta } from "./page-meta.ts";
