// What the other features may use of orders (docs/architecture.md, web part: features meet through public.ts).

export { PracticeOrdersPanel } from "./practice-orders-panel.tsx";
export { ServicePicker } from "./service-picker.tsx";
