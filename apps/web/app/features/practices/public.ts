// What the other features may use of practices (docs/architecture.md, web part: features meet through public.ts).
export { ClaimWithKeyForm } from "./claim-with-key-form.tsx";
export { ClientRecap } from "./client-recap.tsx";
export { LawyerQueue } from "./lawyer-queue.tsx";
export { practiceQueryOptions } from "./practice-queries.ts";
