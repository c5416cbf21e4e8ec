import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadRouteScripts } from "./shell/platform/route-preload.ts";

// React Router's own client entry (its default), after asking for the current routes' scripts all at once
// (route-preload.ts).
preloadRouteScripts();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
