import { describe, expect, it } from "vitest";
import { serviceStatusMessage } from "./service-messages.ts";

describe("service messages (spec §4)", () => {
  it("says formal notice and takedown are taken in charge, to check back in hours or days", () => {
    for (const type of ["INJUCTION", "TAKEDOWN"]) {
      expect(serviceStatusMessage(type, "IN_PROGRESS").message).toContain("preso in carico");
      expect(serviceStatusMessage(type, "IN_PROGRESS").message).toContain("fra qualche ora o qualche giorno");
    }
    expect(serviceStatusMessage("DEFENCE", "IN_PROGRESS").message).not.toContain("preso in carico");
  });

  it("offers documents once ready, and says when nothing more is needed", () => {
    expect(serviceStatusMessage("LEGALIZATION", "DOCUMENTS_READY").message).toContain("puoi scaricarli");
    expect(serviceStatusMessage("ADVICE", "COMPLETED")).toEqual({
      label: "completato",
      message: "Nessun ulteriore azione richiesta per questo servizio",
    });
  });

  it("says a cancelled service was refunded and where to read about it", () => {
    expect(serviceStatusMessage("TAKEDOWN", "CANCELLED").label).toBe("annullato");
    expect(serviceStatusMessage("TAKEDOWN", "CANCELLED").message).toContain("rimborsato");
    expect(serviceStatusMessage("TAKEDOWN", "CANCELLED").message).toContain("fra i tuoi ordini");
  });

  it("shows 'Errore Stato Non previsto' for a state it does not know", () => {
    expect(serviceStatusMessage("DEFENCE", "WAITING_COURT").message).toBe("Errore Stato Non previsto");
    expect(serviceStatusMessage("ADVICE", "").message).toBe("Errore Stato Non previsto");
  });
});
