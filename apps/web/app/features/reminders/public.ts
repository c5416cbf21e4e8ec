// What the other features may use of reminders (docs/architecture.md, web part: features meet through public.ts).
export { DeadlineRemindersSection } from "./deadline-reminders.tsx";
