// What the other features and the routes may use of the diary (docs/architecture.md, web part: features meet
// through public.ts). The case page gets its section from its route: the diary builds on practices.
export { DiaryCaseSection } from "./case-section.tsx";
