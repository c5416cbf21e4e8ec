// What the other features may use of practices (docs/architecture.md, web part: features meet through public.ts).
// The dashboard's role parts are not here: routes/dashboard-home.tsx loads each as its own chunk (issue 41).
export { useAvailableProducts } from "./case-page.tsx";
// practiceListQueryOptions: the diary's filter and form list the client's practices (issue 40).
export { PRACTICES_QUERY_KEY, practiceListQueryOptions, practiceQueryOptions } from "./practice-queries.ts";
export { PracticeSection } from "./practice-section.tsx";
