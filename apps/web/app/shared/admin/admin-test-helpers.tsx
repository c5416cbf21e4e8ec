import type { ReactNode } from "react";
import { vi } from "vitest";
import { fakeOidcClient, renderWithApp } from "../../test-render.tsx";

// Renders an admin page for a signed-in user with the given roles (the session check answers at once).

export const ADMIN_ME = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "chiara@example.it",
  name: "Chiara",
  lastname: "Conti",
  cellPhone: null,
  marketingConsent: false,
  mailFullText: false,
  privacyConsent: true,
  roles: ["admin"],
  invoice: null,
};

export function renderAsUser(element: ReactNode, roles: string[] = ["admin"]) {
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({ sub: ADMIN_ME.id, given_name: "Chiara", roles })),
  });
  return renderWithApp(element, { authClient });
}
