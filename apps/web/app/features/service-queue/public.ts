// What the other parts of the app may use of the staff's queue (docs/architecture.md, web part: features meet
// through public.ts).
export { StaffServiceControls } from "./staff-service-controls.tsx";
