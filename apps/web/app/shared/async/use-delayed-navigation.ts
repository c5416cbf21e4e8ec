import { DELAYED_LOAD_SIGNAL_MS } from "@argine/core/shared/constants";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** True once a navigation has been pending for more than 1000 ms (spec §2 "delayed-load signal"). */
export function useDelayedNavigation(delayMs: number = DELAYED_LOAD_SIGNAL_MS): boolean {
  const navigating = useNavigation().state !== "idle";
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!navigating) {
      setDelayed(false);
      return;
    }
    const timer = setTimeout(() => setDelayed(true), delayMs);
    return () => clearTimeout(timer);
  }, [navigating, delayMs]);
  return navigating && delayed;
}
