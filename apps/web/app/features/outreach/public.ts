// What the other features and the routes may use of outreach (docs/architecture.md, web part: features meet
// through public.ts): the admin screen of what the site's forms brought in.
export { AdminRequestsPage } from "./admin-requests-page.tsx";
