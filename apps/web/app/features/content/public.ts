// What the other features may use of content (docs/architecture.md, web part: features meet through public.ts).
export { loadContentSource } from "./content-sources.ts";
export type { ContentPageData } from "./content-types.ts";
export { ContentView } from "./content-view.tsx";
export { PreviewOverlay } from "./preview-overlay.tsx";

/** The Markdown renderer, loaded on demand: it carries the Markdown library, which no first load needs. */
export const loadMarkdown = () => import("./markdown.ts");
