// What the other features and the shell may use of the support chat (docs/architecture.md, web part).
export { SupportLauncher } from "./support-launcher.tsx";
export { closeThreadOnQuickExit } from "./support-queries.ts";
