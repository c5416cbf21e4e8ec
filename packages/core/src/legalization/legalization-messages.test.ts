import { describe, expect, it } from "vitest";
import {
  LEGALIZATION_FAILURE_TEXTS,
  legalizationCardLine,
  legalizationFailureExplanation,
} from "./legalization-messages.ts";
import { LEGALIZATION_FAILURE_STATES } from "./session-state.ts";

describe("a failed capture, explained in Italian", () => {
  it.each(LEGALIZATION_FAILURE_STATES)(
    "%s: what happened, what to do, and the spec's text as detail",
    (state) => {
      const explained = legalizationFailureExplanation("Sandbox", state);
      expect(explained).toEqual({
        ...LEGALIZATION_FAILURE_TEXTS[state],
        detail: `Dettaglio tecnico: Sandbox Error : ${state}`,
      });
      expect(explained?.happened).not.toContain(state);
      expect(explained?.todo).toMatch(/^Avvia una nuova legalizzazione/);
    },
  );

  it("has a different explanation for each state", () => {
    const texts = Object.values(LEGALIZATION_FAILURE_TEXTS).map((t) => t.happened);
    expect(new Set(texts).size).toBe(LEGALIZATION_FAILURE_STATES.length);
  });

  it("explains nothing for a state that is not a failure", () => {
    for (const state of ["LIVE", "CLOSED", "VM_PREPARING", "UNKNOWN"])
      expect(legalizationFailureExplanation("Sandbox", state)).toBeNull();
  });

  it("words the card by the capture only where its status would mislead", () => {
    expect(legalizationCardLine(null)).toBeNull();
    expect(legalizationCardLine({ state: "LIVE", filesReadyAt: null })).toBeNull();
    expect(legalizationCardLine({ state: "CLOSED", filesReadyAt: "2026-11-27T10:00:00.000Z" })).toBeNull();
    expect(legalizationCardLine({ state: "VM_TERMINATED", filesReadyAt: null })).toContain("entro 12 ore");
    expect(legalizationCardLine({ state: "GURU_INTERVENTION_STOPPED", filesReadyAt: null })).toContain(
      "non è riuscita",
    );
  });
});
