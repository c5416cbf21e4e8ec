// The public paths prerendered to static HTML (build/client/<path>/index.html), read by
// react-router.config.ts. Add each public route of spec §2 here when its page lands.
export const PRERENDER_ROUTES = ["/", "/feedback", "/404"] as const;
