// What the other features may use of services (docs/architecture.md, web part: features meet through public.ts).

export { InjunctionDraftLink } from "./injunction-draft-link.tsx";
// The bytes of an upload to the storage's signed link, with their progress: the diary's attachments too.
export { putFile } from "./put-file.ts";
export { ServiceCard } from "./service-card.tsx";
