import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_ME } from "../../shared/admin/admin-test-helpers.tsx";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { PracticesPage } from "./practices-page.tsx";

const LAWYER_ME = { ...ADMIN_ME, roles: ["lawyer"] };

function renderAsLawyer(url: string) {
  const api = stubApi({
    "GET /v1/users/me": { status: 200, body: LAWYER_ME },
    "GET /v1/practices": { status: 200, body: { total: 0, totalCapped: false, data: [] } },
  });
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({ sub: LAWYER_ME.id, given_name: "Chiara", roles: ["lawyer"] })),
  });
  return { ...renderWithApp(<PracticesPage />, { url, authClient }), calls: api.calls };
}

describe("/dashboard/practices, the staff's search", () => {
  it("keeps its filters in the address: a choice at once, from the first page, the text after a pause", async () => {
    const { router, calls } = renderAsLawyer("/dashboard/practices?q=Rossi&page=3");
    const box = (await screen.findByLabelText("Nome del cliente o numero di pratica")) as HTMLInputElement;
    expect(box.value).toBe("Rossi");

    fireEvent.change(screen.getByLabelText("Presa in carico"), { target: { value: "mine" } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=Rossi&assigned=mine"));

    fireEvent.click(screen.getByLabelText("Solo pratiche anonime"));
    await waitFor(() => expect(router.state.location.search).toBe("?q=Rossi&assigned=mine&anonymous=true"));

    fireEvent.change(box, { target: { value: "  Esposito " } });
    expect(router.state.location.search).toContain("q=Rossi");
    // The pause is 350 ms of real time; the check and the navigation after it may queue behind a busy
    // machine's other tests, so the wait is generous while the assertion stays exact.
    await waitFor(() => expect(router.state.location.search).toContain("q=Esposito&"), { timeout: 10_000 });
    // The page has shown that search (its list asked for it) before Back: the router's address changes at
    // once, the page's render after it, and a Back between the two would meet a page that never showed it.
    await waitFor(() => expect(calls.some((call) => call.url.includes("q=Esposito"))).toBe(true));

    // Back: the form follows the address.
    await router.navigate(-1);
    await waitFor(() => expect(box.value).toBe("Rossi"));
    expect((screen.getByLabelText("Solo pratiche anonime") as HTMLInputElement).checked).toBe(true);
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByLabelText("Solo pratiche anonime") as HTMLInputElement).checked).toBe(false),
    );
    expect((screen.getByLabelText("Presa in carico") as HTMLSelectElement).value).toBe("mine");
  }, 20_000);

  it("searches on Enter without waiting, and an emptied box drops the search", async () => {
    const { router } = renderAsLawyer("/dashboard/practices?status=CLOSED");
    const box = await screen.findByLabelText("Nome del cliente o numero di pratica");
    fireEvent.change(box, { target: { value: "AR-1" } });
    fireEvent.submit(box);
    await waitFor(() => expect(router.state.location.search).toBe("?q=AR-1&status=CLOSED"));
    fireEvent.change(box, { target: { value: "" } });
    await waitFor(() => expect(router.state.location.search).toBe("?status=CLOSED"), { timeout: 10_000 });
  }, 20_000);
});
