import { BREAKPOINT_DESKTOP_PX, BREAKPOINT_MOBILE_PX } from "@argine/core/shared/constants";
import { useSyncExternalStore } from "react";

// Breakpoints (spec §9), mirrored in the CSS media queries (768px and 992px): below MOBILE_BREAKPOINT is mobile.
export const MOBILE_BREAKPOINT = BREAKPOINT_MOBILE_PX;
export const DESKTOP_BREAKPOINT = BREAKPOINT_DESKTOP_PX;

/** Media query matching the mobile layout (below 768px). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

const phoneMedia = () =>
  typeof window === "undefined" ? undefined : window.matchMedia?.(MOBILE_MEDIA_QUERY);

/** Whether the mobile layout applies now, following the window's size. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = phoneMedia();
      media?.addEventListener?.("change", onChange);
      return () => media?.removeEventListener?.("change", onChange);
    },
    () => phoneMedia()?.matches ?? false,
    () => false,
  );
}
