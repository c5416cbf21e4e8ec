import { AppError } from "@argine/core/errors/app-error";
import type { LegalizationConfig } from "../config.ts";
import type { CaptureProvider } from "./capture-provider.ts";
import { createSandboxCaptureProvider, type SandboxCaptureEngine } from "./sandbox-provider.ts";
import { createServiceCaptureProvider } from "./service-provider.ts";

/**
 * The capture provider the configuration chooses: the real service with its URL and key; the embedded
 * sandbox outside production; in production without a service, none: every capture is refused with 503.
 */
export function createCaptureProvider(
  config: LegalizationConfig,
  engine: Omit<SandboxCaptureEngine, "timings" | "chromiumPath">,
): CaptureProvider {
  if (config.provider === "service") return createServiceCaptureProvider(config);
  if (config.provider === "sandbox")
    return createSandboxCaptureProvider({
      ...engine,
      timings: config.timings,
      chromiumPath: config.chromiumPath,
    });
  const refuse = async (): Promise<never> => {
    throw new AppError("SERVICE_UNAVAILABLE");
  };
  return {
    name: "none",
    csp: {},
    start: refuse,
    get: refuse,
    stop: refuse,
    setStep: refuse,
    listFiles: refuse,
    download: refuse,
  };
}
