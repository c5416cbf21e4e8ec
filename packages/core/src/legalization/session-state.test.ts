import { describe, expect, it } from "vitest";
import {
  isFailure,
  isLegalizationSessionState,
  isSuccess,
  isTerminal,
  LEGALIZATION_SESSION_STATES,
  LegalizationSessionStateSchema,
  legalizationFailureMessage,
  legalizationOutcome,
} from "./session-state.ts";

const FAILURES = [
  "VM_ABORTED_ERROR_TERMINATED",
  "VM_ABORTED_MANUAL_TERMINATED",
  "FATAL_FAILED_TERMINATED",
  "GURU_INTERVENTION_STOPPED",
  "VM_ABORTED_TIMEOUT_TERMINATED",
];

describe("legalization session states", () => {
  it("knows exactly the ten states of the spec", () => {
    expect([...LEGALIZATION_SESSION_STATES].sort()).toEqual(
      ["VM_PREPARING", "CLOSING", "ARTIFACTS_UPLOADED", "CLOSED", "VM_TERMINATED", ...FAILURES].sort(),
    );
    expect(LegalizationSessionStateSchema.safeParse("RUNNING").success).toBe(false);
    expect(isLegalizationSessionState("CLOSING")).toBe(true);
    expect(isLegalizationSessionState(42)).toBe(false);
  });

  it("counts only CLOSED and VM_TERMINATED as success", () => {
    expect(LEGALIZATION_SESSION_STATES.filter(isSuccess)).toEqual(["CLOSED", "VM_TERMINATED"]);
  });

  it("counts the five aborted/failed states as failure", () => {
    expect(LEGALIZATION_SESSION_STATES.filter(isFailure)).toEqual(FAILURES);
  });

  it("treats preparation and file generation as in progress, not terminal", () => {
    for (const state of ["VM_PREPARING", "CLOSING", "ARTIFACTS_UPLOADED"]) {
      expect(isTerminal(state)).toBe(false);
      expect(legalizationOutcome(state)).toBe("in_progress");
    }
  });

  it("makes every success and failure terminal", () => {
    for (const state of ["CLOSED", "VM_TERMINATED", ...FAILURES]) expect(isTerminal(state)).toBe(true);
    expect(legalizationOutcome("VM_TERMINATED")).toBe("success");
    expect(legalizationOutcome("GURU_INTERVENTION_STOPPED")).toBe("failure");
  });

  it("keeps unknown or missing states non-terminal and without outcome", () => {
    for (const state of ["RUNNING", "closed", "", null, undefined]) {
      expect(isTerminal(state)).toBe(false);
      expect(isSuccess(state)).toBe(false);
      expect(isFailure(state)).toBe(false);
      expect(legalizationOutcome(state)).toBeNull();
    }
  });

  it("builds the failure text as provider name, ' Error : ', state", () => {
    expect(legalizationFailureMessage("Legalab", "FATAL_FAILED_TERMINATED")).toBe(
      "Legalab Error : FATAL_FAILED_TERMINATED",
    );
  });
});
