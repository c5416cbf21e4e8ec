// What the other features may use of practices (docs/architecture.md, web part: features meet through public.ts).
export { useAvailableProducts } from "./case-page.tsx";
export { ClaimWithKeyForm } from "./claim-with-key-form.tsx";
export { ClientRecap } from "./client-recap.tsx";
export { LawyerQueue } from "./lawyer-queue.tsx";
// practiceListQueryOptions: the diary's filter and form list the client's practices (issue 40).
export { PRACTICES_QUERY_KEY, practiceListQueryOptions, practiceQueryOptions } from "./practice-queries.ts";
export { PracticeSection } from "./practice-section.tsx";
