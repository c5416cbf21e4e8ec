// What the other features and the routes may use of invoice (docs/architecture.md, web part: features meet
// through public.ts): an order's invoice, receipt and credit notes, and the accountant's admin screen.
export { AdminAccountsPage } from "./admin-accounts-page.tsx";
export { OrderDocuments } from "./order-documents.tsx";
