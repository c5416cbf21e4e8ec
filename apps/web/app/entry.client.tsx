import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { oidcClient } from "./features/identity/auth-session.ts";
import { preloadRouteScripts } from "./shell/platform/route-preload.ts";

// React Router's own client entry, after asking for what the first screen waits for, all at once: the current
// routes' scripts (route-preload.ts) and, in a tab with a session, the provider's metadata for its check.
preloadRouteScripts();
oidcClient.prepareRestore();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
