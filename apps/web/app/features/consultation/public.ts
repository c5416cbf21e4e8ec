// What the other features may use of the free consultation (docs/architecture.md, web part: features meet
// through public.ts).
export { myConsultationsQueryOptions } from "./consultation-queries.ts";
export { MyConsultations } from "./my-consultations.tsx";
