/**
 * Resolves once the element with this id comes within `margin` of the viewport: code for something far down
 * the page (the footer's newsletter form) loads when the visitor gets near it, not while the page they are
 * reading starts. Resolves at once when rendering outside a browser, when the element is not in the page
 * (yet), or when the browser cannot tell.
 */
export function whenNearViewport(id: string, margin = "600px"): Promise<void> {
  return new Promise((resolve) => {
    const element = typeof document === "undefined" ? null : document.getElementById(id);
    if (!element || typeof IntersectionObserver === "undefined") {
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
