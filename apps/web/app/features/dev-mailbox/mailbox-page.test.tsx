import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { MailboxPage } from "./mailbox-page.tsx";

describe("the demo mailbox", () => {
  it("shows a mail's attachments, each a download link carrying the mailbox's key", async () => {
    stubApi({
      "GET /v1/dev/mailbox": {
        status: 200,
        body: [
          {
            id: "1765000000000-abc",
            to: "maria@example.it",
            subject: "Consulenza gratuita fissata",
            text: "Ciao Maria,\nin allegato l'invito.",
            html: null,
            createdAt: "2026-12-01T10:00:00.000Z",
            attachments: [{ filename: "consulenza.ics", contentType: "text/calendar", size: 1536 }],
          },
        ],
      },
    });
    renderWithApp(<MailboxPage />, { url: "/dev/mailbox?key=chiave di prova" });
    fireEvent.click(await screen.findByRole("button", { name: /Consulenza gratuita fissata/ }));
    const link = screen.getByRole("link", { name: "Scarica consulenza.ics" });
    expect(link.getAttribute("href")).toBe(
      "/v1/dev/mailbox/1765000000000-abc/attachments/0?key=chiave%20di%20prova",
    );
    expect(link.getAttribute("download")).toBe("consulenza.ics");
    expect(screen.getByText("(1,5 kB)")).toBeTruthy();
  });
});
