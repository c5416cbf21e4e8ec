// What the other features may use of legalization (docs/architecture.md, web part: features meet through public.ts).
export { LegalizationPanel } from "./legalization-panel.tsx";
export { useLegalizationCapture } from "./legalization-queries.ts";
