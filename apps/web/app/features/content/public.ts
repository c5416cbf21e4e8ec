// What the other features and the routes may use of content (docs/architecture.md, web part: features meet
// through public.ts): a page's data, and the editors' preview (an admin screen).
export { AdminPreviewPage } from "./admin-preview-page.tsx";
export type { ContentPageData } from "./content-types.ts";
