// What the other features and the routes may use of users (docs/architecture.md, web part: features meet
// through public.ts): the admin screen of the users and their roles.
export { AdminUsersPage } from "./admin-users-page.tsx";
