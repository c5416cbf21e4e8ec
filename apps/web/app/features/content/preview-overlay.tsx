import { PREVIEW_FADE_MS } from "@argine/core/shared/constants";
import { useEffect, useState } from "react";
import styles from "./preview-overlay.module.css";

/** The overlay's text, as the spec gives it (§2 "Behaviours"). */
export const PREVIEW_OVERLAY_TEXT = "Loading Prismic Preview";

/**
 * Covers the preview while it loads, then fades out over PREVIEW_FADE_MS (the CSS transition has the same
 * 330 ms) and leaves the page. With reduced motion the fade is instant.
 */
export function PreviewOverlay({ loading }: { loading: boolean }) {
  const [present, setPresent] = useState(loading);
  useEffect(() => {
    if (loading) {
      setPresent(true);
      return;
    }
    const timer = setTimeout(() => setPresent(false), PREVIEW_FADE_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!present) return null;
  return (
    <div className={styles.overlay} data-fading={!loading} role="status" aria-live="polite">
      <p className={styles.text}>{PREVIEW_OVERLAY_TEXT}</p>
    </div>
  );
}
