import type { Config } from "@react-router/dev/config";
import { PRERENDER_ROUTES } from "./app/prerender-routes.ts";

// Public pages are prerendered to static HTML; everything else (/dashboard/*, /account/*, /callback)
// runs in the client from build/client/__spa-fallback.html (docs/architecture.md, "A request").
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: false,
  prerender: [...PRERENDER_ROUTES],
} satisfies Config;
