// What the other features may use of services (docs/architecture.md, web part: features meet through public.ts).

export { InjunctionDraftLink } from "./injunction-draft-link.tsx";
export { ServiceCard } from "./service-card.tsx";
