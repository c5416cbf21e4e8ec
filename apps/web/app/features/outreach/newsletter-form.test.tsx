import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { proxyErrorPage, renderWithApp, stubApi } from "../../test-render.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const SENT = "Quasi fatto! Controlla la tua casella di posta e apri il link che ti abbiamo inviato.";

describe("NewsletterForm", () => {
  it("shows a field's error only once it is touched and in error (spec §5)", async () => {
    renderWithApp(<NewsletterForm />);
    const email = input(/^Il tuo indirizzo email/);
    fireEvent.change(email, { target: { value: "non-una-email" } });
    expect(screen.queryByText("Non è una email valida!")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBeNull();

    fireEvent.blur(email);
    const error = await screen.findByText("Non è una email valida!");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(error.closest("p")?.id);
    // The privacy box, untouched, stays quiet although unticked.
    expect(screen.queryByText("Devi accettare l'informativa sulla privacy.")).toBeNull();

    fireEvent.change(email, { target: { value: "anna@example.it" } });
    await waitFor(() => expect(screen.queryByText("Non è una email valida!")).toBeNull());
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  it("on an empty submit focuses a summary of the errors and shows the Italian messages", async () => {
    const { calls } = stubApi({});
    renderWithApp(<NewsletterForm />);
    fireEvent.click(screen.getByRole("button", { name: "Iscriviti" }));

    const summary = await screen.findByRole("region", { name: "Ci sono 2 errori da correggere" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary).getByRole("button", { name: "Il tuo indirizzo email: Campo Obbligatorio" }),
    ).toBeTruthy();
    // Under its field too (the summary's copy is inside its button).
    expect(screen.getByText("Devi accettare l'informativa sulla privacy.")).toBeTruthy();
    expect(input(/^Il tuo indirizzo email/).getAttribute("aria-invalid")).toBe("true");
    // A summary entry takes the keyboard to its field.
    fireEvent.click(within(summary).getByRole("button", { name: /^Il tuo indirizzo email/ }));
    await waitFor(() => expect(document.activeElement).toBe(input(/^Il tuo indirizzo email/)));
    expect(calls).toHaveLength(0);
  });

  it("links the privacy policy from the consent", () => {
    renderWithApp(<NewsletterForm />);
    expect(screen.getByRole("link", { name: "informativa sulla privacy" }).getAttribute("href")).toBe(
      "/privacy",
    );
    expect(input(/informativa sulla privacy/).type).toBe("checkbox");
  });

  it("sends the address and says to check the inbox to confirm", async () => {
    const { calls } = stubApi({ "POST /v1/newsletter": { status: 202, body: { message: SENT } } });
    renderWithApp(<NewsletterForm />);
    fireEvent.change(input(/^Il tuo indirizzo email/), { target: { value: "  anna@example.it " } });
    fireEvent.click(input(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Iscriviti" }));

    const message = await screen.findByText(SENT);
    expect(message.closest("[role=status]")).toBeTruthy();
    expect(screen.getByText("Controlla la tua casella di posta")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Iscriviti" })).toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(message)).toBe(true));
    const call = calls.find((c) => c.url === "/v1/newsletter");
    expect(call?.body).toEqual({ email: "anna@example.it", privacyAccepted: true });
    // Public: no credentials.
    expect(call?.headers.get("authorization")).toBeNull();
  });

  it("shows the API's message when the send fails", async () => {
    stubApi({
      "POST /v1/newsletter": {
        status: 429,
        body: {
          code: "TOO_MANY_REQUESTS",
          message: "Troppi tentativi: riprova fra qualche minuto.",
          requestId: "r",
        },
      },
    });
    renderWithApp(<NewsletterForm />);
    fireEvent.change(input(/^Il tuo indirizzo email/), { target: { value: "anna@example.it" } });
    fireEvent.click(input(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Iscriviti" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Troppi tentativi");
    expect(screen.getByRole("button", { name: "Iscriviti" })).toBeTruthy();
  });

  it("keeps the address and the consent, and says in Italian to retry, when the proxy answers 502", async () => {
    let posts = 0;
    stubApi({
      "POST /v1/newsletter": () =>
        ++posts === 1 ? proxyErrorPage() : { status: 202, body: { message: SENT } },
    });
    renderWithApp(<NewsletterForm />);
    fireEvent.change(input(/^Il tuo indirizzo email/), { target: { value: "anna@example.it" } });
    fireEvent.click(input(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Iscriviti" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(MESSAGES.serviceUnavailable);
    expect(input(/^Il tuo indirizzo email/).value).toBe("anna@example.it");
    expect(input(/informativa sulla privacy/).checked).toBe(true);
    // Sent again as it is, once the service is back.
    fireEvent.click(screen.getByRole("button", { name: "Iscriviti" }));
    expect(await screen.findByText(SENT)).toBeTruthy();
  });
});
