import { describe, expect, it } from "vitest";
import { dashboardSections } from "./dashboard-sections.ts";

const labels = (roles: string[]) => dashboardSections(roles).map((section) => section.label);

describe("the dashboard's sections", () => {
  it("give a client their practices, diary, orders, data and billing data", () => {
    expect(labels([])).toEqual([
      "Panoramica",
      "Le tue pratiche",
      "Diario degli episodi",
      "I tuoi ordini",
      "I tuoi dati",
      "Dati di fatturazione",
    ]);
  });

  it("give staff their workspaces and no buyer's entries", () => {
    expect(labels(["lawyer"])).toEqual([
      "Panoramica",
      "Tutte le pratiche",
      "Lavori da fare",
      "Consulenze",
      "Assistenza",
      "I tuoi dati",
    ]);
    expect(labels(["admin"])).toEqual([
      "Panoramica",
      "Tutte le pratiche",
      "Lavori da fare",
      "Consulenze",
      "Assistenza",
      "Amministrazione",
      "I tuoi dati",
    ]);
  });
});
