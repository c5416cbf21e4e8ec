// What the other features may use of admin (docs/architecture.md, web part: features meet through public.ts).
export { ADMIN_PATH } from "./admin-paths.ts";
