import { startEarlyLogin } from "./early-login.ts";

// The entry apps/web/vite.config.ts bundles into the login page's inline script (early-login.ts).
startEarlyLogin();
