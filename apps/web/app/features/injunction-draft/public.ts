// What the other features may use of the formal notice's draft (docs/architecture.md, web part).

export { InjunctionDraftLink } from "./injunction-draft-link.tsx";
