import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminDeadLettersPage } from "./admin-dead-letters-page.tsx";

const moment = (iso: string) =>
  new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

const REFUSED = {
  id: "55555555-5555-4555-8555-000000000001",
  queue: "mail",
  queuedAt: "2026-11-22T09:00:00.000Z",
  failedAt: "2026-11-23T09:05:00.000Z",
  attempts: 31,
  error: "550 5.1.1 Casella inesistente",
};
const DOWN = {
  ...REFUSED,
  id: "55555555-5555-4555-8555-000000000002",
  queuedAt: "2026-11-20T18:30:00.000Z",
  failedAt: "2026-11-21T18:40:00.000Z",
  error: "connect ECONNREFUSED 127.0.0.1:25",
};
const RETRIED = "Rimesso in coda: sarà ritentato a breve.";
const retryPath = (id: string) => `POST /v1/admin/jobs/dead-letters/${id}/retry`;

describe("/dashboard/admin/dead-letters", () => {
  it("lists the mails that never left, with when and why, and puts one back from the keyboard", async () => {
    let letters = [REFUSED, DOWN];
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/jobs/dead-letters": () => ({ status: 200, body: letters }),
      [retryPath(REFUSED.id)]: () => {
        letters = [DOWN];
        return { status: 202, body: { message: RETRIED } };
      },
    });
    renderAsUser(<AdminDeadLettersPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Invii non riusciti" })).toBeTruthy();

    const table = await screen.findByRole("table", {
      name: "Invii non riusciti: 2, i più recenti per primi",
    });
    const [, refused, down] = within(table).getAllByRole("row");
    const row = within(refused as HTMLElement);
    expect(row.getByRole("rowheader").textContent).toBe("Email");
    expect(row.getByText(moment(REFUSED.queuedAt))).toBeTruthy();
    expect(row.getByText(moment(REFUSED.failedAt))).toBeTruthy();
    expect(row.getByText("31")).toBeTruthy();
    expect(row.getByText("550 5.1.1 Casella inesistente")).toBeTruthy();
    expect(within(down as HTMLElement).getByText("connect ECONNREFUSED 127.0.0.1:25")).toBeTruthy();

    // A real button (keyboard: Enter and Space), named for its row.
    const button = row.getByRole("button", {
      name: `Riprova l'invio in coda dal ${moment(REFUSED.queuedAt)}`,
    });
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    button.focus();
    fireEvent.click(button);

    expect(await screen.findByText(RETRIED)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(RETRIED);
    // The row left with its button: the focus is on the heading, not lost.
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 1, name: "Invii non riusciti" }),
    );
    await screen.findByRole("table", { name: /Invii non riusciti: 1/ });
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.url, c.body])).toEqual([
      [expect.stringMatching(`/v1/admin/jobs/dead-letters/${REFUSED.id}/retry$`), undefined],
    ]);
  });

  it("says when there is none", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/jobs/dead-letters": { status: 200, body: [] },
    });
    renderAsUser(<AdminDeadLettersPage />);
    await screen.findByRole("table", { name: /Invii non riusciti: 0/ });
    expect(screen.getByText("Nessun invio non riuscito: è partito tutto.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Riprova/ })).toBeNull();
  });

  it("says why a retry failed and shows the list as it is now", async () => {
    let letters = [REFUSED];
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/jobs/dead-letters": () => ({ status: 200, body: letters }),
      [retryPath(REFUSED.id)]: () => {
        letters = [];
        return {
          status: 404,
          body: {
            code: "NOT_FOUND",
            message:
              "Questo invio non è più tra quelli non riusciti: forse qualcuno l'ha già rimesso in coda.",
            requestId: "r",
          },
        };
      },
    });
    renderAsUser(<AdminDeadLettersPage />);
    fireEvent.click(await screen.findByRole("button", { name: /Riprova/ }));
    expect(
      await screen.findByText(
        "L'invio non è stato rimesso in coda: Questo invio non è più tra quelli non riusciti: forse qualcuno l'ha già rimesso in coda.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Nessun invio non riuscito: è partito tutto.")).toBeTruthy());
  });

  it("says when the list cannot be loaded, with a retry", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/jobs/dead-letters": {
        status: 403,
        body: { code: "FORBIDDEN", message: "Non hai i permessi per questa operazione.", requestId: "r" },
      },
    });
    renderAsUser(<AdminDeadLettersPage />);
    expect(
      await screen.findByText(
        "Non siamo riusciti a caricare gli invii non riusciti: Non hai i permessi per questa operazione.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeTruthy();
  });
});
