// What the other features and the routes may use of jobs (docs/architecture.md, web part: features meet
// through public.ts): the admin screen of the failed sends.
export { AdminDeadLettersPage } from "./admin-dead-letters-page.tsx";
