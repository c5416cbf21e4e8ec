/** The id of the SPA fallback's loading page (root.tsx HydrateFallback), shown while a client-only page loads. */
export const LOADING_PAGE_ID = "pagina-in-caricamento";

/**
 * Resolves once the element with this id comes within `margin` of the viewport: code for something far down
 * the page (the footer's newsletter form) loads when the visitor gets near it, not while the page they are
 * reading starts. Resolves at once when rendering outside a browser, when the element is not in the page
 * (yet), when the browser cannot tell, and on the loading page of a client-only page (the dashboard): React
 * holds that page's first render until every boundary prerendered around it is hydrated, and the footer
 * starts below the first screen, so it would wait for a scroll that nothing on «Caricamento…» invites.
 */
export function whenNearViewport(id: string, margin = "600px"): Promise<void> {
  return new Promise((resolve) => {
    const element = typeof document === "undefined" ? null : document.getElementById(id);
    const loading = element !== null && document.getElementById(LOADING_PAGE_ID) !== null;
    if (!element || loading || typeof IntersectionObserver === "undefined") {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}
