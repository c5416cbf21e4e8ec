import { describe, expect, it } from "vitest";
import {
  canChangeServiceStatus,
  nextServiceStatuses,
  SERVICE_STATUS_ERRORS,
  serviceStatusChangeError,
} from "./lifecycle.ts";

describe("the service lifecycle", () => {
  it("lets staff start, deliver, complete and reopen; only the system cancels", () => {
    expect(nextServiceStatuses("TO_START")).toEqual(["IN_PROGRESS"]);
    expect(nextServiceStatuses("IN_PROGRESS")).toEqual(["DOCUMENTS_READY", "COMPLETED"]);
    expect(nextServiceStatuses("DOCUMENTS_READY")).toEqual(["COMPLETED", "IN_PROGRESS"]);
    expect(nextServiceStatuses("COMPLETED")).toEqual(["IN_PROGRESS"]);
    expect(nextServiceStatuses("CANCELLED")).toEqual([]);
    expect(canChangeServiceStatus("IN_PROGRESS", "CANCELLED", "staff")).toBe(false);
    expect(canChangeServiceStatus("IN_PROGRESS", "CANCELLED", "system")).toBe(true);
    expect(canChangeServiceStatus("CANCELLED", "IN_PROGRESS", "system")).toBe(false);
  });

  const service = (serviceType: string, status: "TO_START" | "IN_PROGRESS", extra = {}) => ({
    serviceType,
    status,
    mandateAcceptedAt: null,
    hasDocument: false,
    ...extra,
  });

  it("starts a legal defence only after its mandate is accepted", () => {
    expect(serviceStatusChangeError(service("DEFENCE", "TO_START"), "IN_PROGRESS")).toBe(
      SERVICE_STATUS_ERRORS.mandateMissing,
    );
    expect(
      serviceStatusChangeError(
        service("DEFENCE", "TO_START", { mandateAcceptedAt: new Date() }),
        "IN_PROGRESS",
      ),
    ).toBeNull();
    expect(serviceStatusChangeError(service("INJUCTION", "TO_START"), "IN_PROGRESS")).toBeNull();
  });

  it("says documents are ready only once the lawyer's document is there (the capture's come from its provider)", () => {
    expect(serviceStatusChangeError(service("INJUCTION", "IN_PROGRESS"), "DOCUMENTS_READY")).toBe(
      SERVICE_STATUS_ERRORS.documentMissing,
    );
    expect(
      serviceStatusChangeError(service("INJUCTION", "IN_PROGRESS", { hasDocument: true }), "DOCUMENTS_READY"),
    ).toBeNull();
    expect(serviceStatusChangeError(service("LEGALIZATION", "IN_PROGRESS"), "DOCUMENTS_READY")).toBeNull();
  });

  it("refuses a jump the table does not have, and lets the same status through", () => {
    expect(serviceStatusChangeError(service("ADVICE", "TO_START"), "COMPLETED")).toBe(
      SERVICE_STATUS_ERRORS.notAllowed,
    );
    expect(serviceStatusChangeError(service("ADVICE", "TO_START"), "TO_START")).toBeNull();
  });
});
