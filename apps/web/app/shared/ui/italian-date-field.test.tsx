import { DateInputSchema } from "@argine/core/catalogue/admin-forms";
import { isLocalMoment } from "@argine/core/shared/local-moment";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { renderWithApp as render } from "../../test-render.tsx";
import { ItalianDateField } from "./form-field.tsx";
import { schemaResolver, useCheckedForm } from "./use-checked-form.ts";

// The one date field: typed gg/mm/aaaa whatever the browser's language, held by the form as the ISO day (or
// the wall-clock moment) the forms and schemas already use.

const DaySchema = z.object({
  day: DateInputSchema.refine((text) => text !== "", { error: "La data è obbligatoria." }),
});
const MomentSchema = z.object({ at: z.string().refine(isLocalMoment, { error: "Momento non valido." }) });

function DayForm({ initial, onSend }: { initial: string; onSend: (body: { day: string }) => void }) {
  const form = useCheckedForm({
    resolver: schemaResolver<{ day: string }, { day: string }>(DaySchema),
    defaultValues: { day: initial },
    fieldNames: ["day"],
    focusOnInvalid: "field",
    send: async (body) => onSend(body),
  });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <ItalianDateField label="Scadenza" required {...form.field("day")} />
      <button type="submit">Salva</button>
    </form>
  );
}

function MomentForm({ initial, onSend }: { initial: string; onSend: (body: { at: string }) => void }) {
  const form = useCheckedForm({
    resolver: schemaResolver<{ at: string }, { at: string }>(MomentSchema),
    defaultValues: { at: initial },
    fieldNames: ["at"],
    focusOnInvalid: "field",
    send: async (body) => onSend(body),
  });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <ItalianDateField label="Inviata il" withTime required {...form.field("at")} />
      <button type="submit">Salva</button>
    </form>
  );
}

const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;

describe("the Italian date field", () => {
  it("shows the form's ISO day as gg/mm/aaaa, with a numeric keyboard and the format in its hint", () => {
    render(<DayForm initial="2026-12-31" onSend={vi.fn()} />);
    const input = field(/Scadenza/);
    expect(input.value).toBe("31/12/2026");
    expect(input.type).toBe("text");
    expect(input.inputMode).toBe("numeric");
    expect(input.placeholder).toBe("gg/mm/aaaa");
    expect(input.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/Formato: gg\/mm\/aaaa, per esempio 31\/12\/2026/)).toBeTruthy();
  });

  it.each([
    ["1/2/2027", "2027-02-01"],
    ["01-02-2027", "2027-02-01"],
    ["31.12.2026", "2026-12-31"],
  ])("sends %s as the ISO day %s", async (typed, iso) => {
    const onSend = vi.fn();
    render(<DayForm initial="" onSend={onSend} />);
    fireEvent.change(field(/Scadenza/), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ day: iso }));
  });

  it("says in Italian how to write a date when what is typed is not one, and sends nothing", async () => {
    const onSend = vi.fn();
    render(<DayForm initial="" onSend={onSend} />);
    const input = field(/Scadenza/);
    for (const typed of ["12/31/2026", "31/02/2026", "domani"]) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole("button", { name: "Salva" }));
      expect(await screen.findByText("Inserisci una data come 31/12/2026.")).toBeTruthy();
      expect(input.getAttribute("aria-invalid")).toBe("true");
    }
    expect(onSend).not.toHaveBeenCalled();
    // An empty field gets the form's own message.
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("La data è obbligatoria.")).toBeTruthy();
  });

  it("takes a day and a time as the wall-clock moment, and shows one the Italian way", async () => {
    const onSend = vi.fn();
    render(<MomentForm initial="2026-11-21T09:30" onSend={onSend} />);
    const input = field(/Inviata il/);
    expect(input.value).toBe("21/11/2026 09:30");
    expect(input.placeholder).toBe("gg/mm/aaaa hh:mm");
    fireEvent.change(input, { target: { value: "22/11/2026 14.05" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ at: "2026-11-22T14:05" }));
    fireEvent.change(input, { target: { value: "22/11/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Inserisci data e ora come 31/12/2026 14:30.")).toBeTruthy();
  });
});
