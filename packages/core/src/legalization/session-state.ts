import { z } from "zod";
import { MESSAGES } from "../shared/messages.ts";

// Session states reported by the third-party legalization provider (spec §4 "Legalization session states").
export const LEGALIZATION_IN_PROGRESS_STATES = ["VM_PREPARING", "CLOSING", "ARTIFACTS_UPLOADED"] as const;
/** Only these two count as success: the files are generated. */
export const LEGALIZATION_SUCCESS_STATES = ["CLOSED", "VM_TERMINATED"] as const;
/** The embedded capture sandbox's name (apps/api capture/sandbox-provider.ts), as its sessions record it. */
export const SANDBOX_CAPTURE_PROVIDER = "Sandbox";

export const LEGALIZATION_FAILURE_STATES = [
  "VM_ABORTED_ERROR_TERMINATED",
  "VM_ABORTED_MANUAL_TERMINATED",
  "FATAL_FAILED_TERMINATED",
  "GURU_INTERVENTION_STOPPED",
  "VM_ABORTED_TIMEOUT_TERMINATED",
] as const;

export const LEGALIZATION_SESSION_STATES = [
  ...LEGALIZATION_IN_PROGRESS_STATES,
  ...LEGALIZATION_SUCCESS_STATES,
  ...LEGALIZATION_FAILURE_STATES,
] as const;
export type LegalizationSessionState = (typeof LEGALIZATION_SESSION_STATES)[number];
export const LegalizationSessionStateSchema = z.enum(LEGALIZATION_SESSION_STATES);

export const LEGALIZATION_OUTCOMES = ["in_progress", "success", "failure"] as const;
export type LegalizationOutcome = (typeof LEGALIZATION_OUTCOMES)[number];

function within(list: readonly string[], state: string | null | undefined): boolean {
  return typeof state === "string" && list.includes(state);
}

export function isLegalizationSessionState(value: unknown): value is LegalizationSessionState {
  return typeof value === "string" && within(LEGALIZATION_SESSION_STATES, value);
}

export function isSuccess(state: string | null | undefined): boolean {
  return within(LEGALIZATION_SUCCESS_STATES, state);
}

export function isFailure(state: string | null | undefined): boolean {
  return within(LEGALIZATION_FAILURE_STATES, state);
}

/**
 * Terminal means polling stops. A state the spec does not list is not terminal: the client keeps polling it
 * (spec §4 flow step 3) until a stop action or the session-too-long timeout.
 */
export function isTerminal(state: string | null | undefined): boolean {
  return isSuccess(state) || isFailure(state);
}

/** The outcome of a state, or null for a state the spec does not list. */
export function legalizationOutcome(state: string | null | undefined): LegalizationOutcome | null {
  if (isSuccess(state)) return "success";
  if (isFailure(state)) return "failure";
  if (within(LEGALIZATION_IN_PROGRESS_STATES, state)) return "in_progress";
  return null;
}

/** The error text of a failed session (spec §4 flow step 5): provider name, " Error : ", state. */
export function legalizationFailureMessage(providerName: string, state: string): string {
  return MESSAGES.legalizationFailure(providerName, state);
}
