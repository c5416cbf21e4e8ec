// What the routes may use of audit (docs/architecture.md, web part: features meet through public.ts).
export { AuditPage } from "./audit-page.tsx";
