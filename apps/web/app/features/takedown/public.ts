// What the other features may use of the takedown (docs/architecture.md, web part: features meet through public.ts).
export { TakedownPanel } from "./takedown-panel.tsx";
