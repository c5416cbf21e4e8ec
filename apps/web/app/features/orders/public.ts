// What the other features may use of orders (docs/architecture.md, web part: features meet through public.ts).
export { ServicePicker } from "./service-picker.tsx";
