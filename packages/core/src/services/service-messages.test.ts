import { describe, expect, it } from "vitest";
import { SERVICE_STATUS, serviceStatusMessage, TAKEN_IN_CHARGE } from "./service-messages.ts";
import { SERVICE_TYPE } from "./service-type.ts";

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

describe("every service type in every status", () => {
  const expected: Record<string, (type: string) => string> = {
    TO_START: () => "Il servizio è attivo: ti guidiamo nei prossimi passi da questa pagina.",
    IN_PROGRESS: (type) =>
      type === "INJUCTION" || type === "TAKEDOWN"
        ? TAKEN_IN_CHARGE
        : "Ci stiamo lavorando: ti avvisiamo appena ci sono novità.",
    DOCUMENTS_READY: () => "I documenti sono pronti: puoi scaricarli da questa pagina.",
    COMPLETED: () => "Nessun ulteriore azione richiesta per questo servizio",
    CANCELLED: () =>
      "Il servizio è stato annullato e quanto avevi pagato ti è stato rimborsato: trovi i dettagli fra i tuoi ordini.",
  };

  for (const type of SERVICE_TYPE.values) {
    it(`${type}: each known status has its label and message, an unknown one 'Errore Stato Non previsto'`, () => {
      for (const status of SERVICE_STATUS.values) {
        expect(serviceStatusMessage(type, status)).toEqual({
          label: SERVICE_STATUS.labels[status],
          message: expected[status]?.(type),
        });
      }
      expect(serviceStatusMessage(type, "IN_ATTESA_DEL_GIUDICE")).toEqual({
        label: "IN_ATTESA_DEL_GIUDICE",
        message: "Errore Stato Non previsto",
      });
    });
  }
});

describe("documents ready only when they can be opened", () => {
  it("says a service's documents are being prepared while none can be opened", () => {
    expect(serviceStatusMessage("INJUCTION", "DOCUMENTS_READY", { downloadable: false })).toEqual({
      label: "documenti in preparazione",
      message: "Il documento è in preparazione: ti avvisiamo appena puoi aprirlo da questa pagina.",
    });
    expect(serviceStatusMessage("INJUCTION", "DOCUMENTS_READY", { downloadable: true }).message).toBe(
      "I documenti sono pronti: puoi scaricarli da questa pagina.",
    );
  });

  it("says a legalization's files take up to 12 hours until they are stored", () => {
    const captured = { state: "CLOSED", filesReadyAt: null };
    for (const status of ["IN_PROGRESS", "DOCUMENTS_READY"]) {
      const { message } = serviceStatusMessage("LEGALIZATION", status, {
        downloadable: false,
        capture: captured,
      });
      expect(message).toBe(
        "I documenti sono in preparazione: saranno pronti entro 12 ore e ti scriveremo un'email.",
      );
      expect(message).not.toContain("sono pronti:");
    }
    const stored = { state: "CLOSED", filesReadyAt: "2026-11-27T10:00:00.000Z" };
    expect(
      serviceStatusMessage("LEGALIZATION", "DOCUMENTS_READY", { downloadable: true, capture: stored }),
    ).toEqual({
      label: "documenti pronti",
      message: "I documenti sono pronti: puoi scaricarli da questa pagina.",
    });
  });

  it("says a legalization's files were deleted after the year they are kept, not that they are ready", () => {
    expect(
      serviceStatusMessage("LEGALIZATION", "DOCUMENTS_READY", {
        downloadable: false,
        capture: {
          state: "CLOSED",
          filesReadyAt: "2025-11-27T10:00:00.000Z",
          filesDeletedAt: "2026-11-27T10:00:00.000Z",
        },
      }),
    ).toEqual({
      label: "file eliminati",
      message: "I file di questa legalizzazione sono stati eliminati dopo un anno, come previsto.",
    });
  });

  it("says neither 'in corso' nor 'Ci stiamo lavorando' of a legalization whose capture failed", () => {
    const { label, message } = serviceStatusMessage("LEGALIZATION", "IN_PROGRESS", {
      downloadable: false,
      capture: { state: "FATAL_FAILED_TERMINATED", filesReadyAt: null },
    });
    expect(label).toBe("da ripetere");
    expect(message).toBe(
      "L'ultima legalizzazione non è riuscita: leggi qui sotto cosa è successo e avviane una nuova.",
    );
  });
});
