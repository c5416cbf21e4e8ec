// What the other features may use of retention (docs/architecture.md, web part: features meet through public.ts).
export { LegalizationArchiveLink } from "./legalization-archive-link.tsx";
