// What the other features may use of retention (docs/architecture.md, web part: features meet through public.ts).
export { LegalizationArchiveButton } from "./legalization-archive-button.tsx";
