import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFoundPage } from "./features/not-found/not-found-page.tsx";
import { manifestFor } from "./features/seo/manifest.ts";
import { AppShell } from "./shell/layout/app-shell.tsx";
import { LOADING_PAGE_ID } from "./shell/platform/near-viewport.ts";
import { AppProviders } from "./shell/providers/app-providers.tsx";
import "./styles/theme.css";
import "./styles/global.css";
import styles from "./root.module.css";

// The default for pages without their own `meta` (e.g. the SPA fallback); route modules replace it.
export const meta: Route.MetaFunction = () => [
  { title: "Argine" },
  { name: "description", content: "Difesa legale per chi subisce abusi online." },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The web manifest of the language the current path belongs to (spec §2 "Behaviours"). */
function ManifestLink() {
  const { pathname } = useLocation();
  return <link rel="manifest" href={manifestFor(pathname).href} />;
}

/** The HTML document around every page, the error page and the loading fallback. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#eee8f7" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <ManifestLink />
        <Links />
      </head>
      <body>
        <AppProviders>
          <AppShell>{children}</AppShell>
        </AppProviders>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown while a client-only page (e.g. /dashboard) loads from the SPA fallback. */
export function HydrateFallback() {
  return (
    <div className={styles.message} id={LOADING_PAGE_ID}>
      <p>Caricamento…</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className={styles.message} aria-labelledby="error-title">
      <h1 id="error-title">Si è verificato un errore</h1>
      <p>
        Qualcosa non ha funzionato mentre caricavamo la pagina. Non è colpa tua: ricarica la pagina fra
        qualche istante o torna alla pagina iniziale.
      </p>
      <p>
        <Link to="/" reloadDocument>
          Torna alla pagina iniziale
        </Link>
      </p>
      {detail ? <pre className={styles.detail}>{detail}</pre> : null}
    </section>
  );
}
