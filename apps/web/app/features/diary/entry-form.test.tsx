import type { DiaryEntry } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { attachment, entry, version } from "./diary-test-helpers.ts";
import { EntryForm } from "./entry-form.tsx";
import { type EntryFormBody, newEntryValues } from "./entry-form-schema.ts";

// The storage's PUT is the services' (XMLHttpRequest, with its progress): here it takes the bytes at once.
vi.mock("../services/public.ts", () => ({
  putFile: vi.fn(async (_link: unknown, _file: Blob, onProgress: (fraction: number) => void) =>
    onProgress(1),
  ),
}));

const SAVED: DiaryEntry = entry([version()]);

function renderForm(onSubmit = vi.fn(async (_body: EntryFormBody, _attachmentIds: string[]) => SAVED)) {
  renderWithApp(
    <EntryForm
      defaultValues={newEntryValues(null, "2026-12-03")}
      submitLabel="Salva l'episodio"
      onSubmit={onSubmit}
      onSaved={() => {}}
    />,
  );
  return onSubmit;
}

function fillRequired() {
  fireEvent.change(screen.getByLabelText(/Dove è successo/), { target: { value: "WHATSAPP" } });
  fireEvent.change(screen.getByLabelText(/Che cosa è successo/), {
    target: { value: "Mi ha mandato un vocale con delle minacce." },
  });
}

const save = () => fireEvent.click(screen.getByRole("button", { name: "Salva l'episodio" }));

const choose = (label: string, ...files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe("the episode's form", () => {
  it("sends no time when she does not remember it", async () => {
    const onSubmit = renderForm();
    fillRequired();
    fireEvent.click(screen.getByRole("checkbox", { name: "Non ricordo l'ora" }));
    // The time's field goes: there is nothing to type.
    expect(screen.queryByLabelText("Ora")).toBeNull();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        occurredOn: "2026-12-03",
        occurredAt: null,
        platform: "WHATSAPP",
        urls: [],
        who: "",
        what: "Mi ha mandato un vocale con delle minacce.",
        practiceId: null,
      },
      [],
    );
  });

  it("asks for the time, or «Non ricordo l'ora», and writes it as 21:30", async () => {
    const onSubmit = renderForm();
    fillRequired();
    save();
    expect(await screen.findByText(DIARY_MESSAGES.occurredAtInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Ora"), { target: { value: "9.05" } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ occurredAt: "09:05" });
  });

  it("adds link rows up to ten, and sends the filled ones", async () => {
    const onSubmit = renderForm();
    fillRequired();
    fireEvent.click(screen.getByRole("checkbox", { name: "Non ricordo l'ora" }));
    const add = () => fireEvent.click(screen.getByRole("button", { name: "Aggiungi un indirizzo" }));
    for (let i = 0; i < 9; i++) add();
    expect(screen.getAllByLabelText(/^Indirizzo \d+$/)).toHaveLength(10);
    expect(screen.queryByRole("button", { name: "Aggiungi un indirizzo" })).toBeNull();
    expect(screen.getByText(DIARY_MESSAGES.tooManyUrls)).toBeTruthy();
    // A row taken away makes room again.
    fireEvent.click(screen.getByRole("button", { name: "Togli l'indirizzo 10" }));
    expect(screen.getAllByLabelText(/^Indirizzo \d+$/)).toHaveLength(9);
    expect(screen.getByRole("button", { name: "Aggiungi un indirizzo" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Indirizzo 1"), { target: { value: "instagram.com/p/abc" } });
    fireEvent.change(screen.getByLabelText("Indirizzo 3"), { target: { value: "https://wa.me/123" } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      urls: ["https://instagram.com/p/abc", "https://wa.me/123"],
    });
  });

  it("says in Italian why an attachment is refused, and saves only once it is taken away", async () => {
    stubApi({
      "POST /v1/diary/attachments": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "Alcuni dati non sono validi.",
          details: { issues: [{ path: ["fileName"], message: DIARY_MESSAGES.attachmentTooLarge(25) }] },
          requestId: "r1",
        },
      },
    });
    const onSubmit = renderForm();
    fillRequired();
    fireEvent.click(screen.getByRole("checkbox", { name: "Non ricordo l'ora" }));
    choose("Allega foto o file", new File(["x"], "foto.jpg", { type: "image/jpeg" }));
    expect((await screen.findByRole("alert")).textContent).toBe(DIARY_MESSAGES.attachmentTooLarge(25));
    // A file the phone cannot attach is refused before any call, in the same words as the server's.
    choose("Allega foto o file", new File(["x"], "contratto.docx"));
    expect(await screen.findByText(DIARY_MESSAGES.attachmentType)).toBeTruthy();
    save();
    expect(await screen.findByText(/Un allegato non è stato caricato/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Togli foto.jpg" }));
    fireEvent.click(screen.getByRole("button", { name: "Togli contratto.docx" }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal of a file's content, and saves with the attachments received", async () => {
    const received = attachment({ fileName: "chat.png" });
    const api = stubApi({
      "POST /v1/diary/attachments": (call) => {
        const { fileName } = call.body as { fileName: string };
        const id = fileName === "chat.png" ? received.id : "00000000-0000-4000-8000-0000000000ff";
        return {
          status: 201,
          body: {
            attachment: { ...received, id, fileName, receivedAt: null, sha256: null, sealedAt: null },
            upload: {
              url: "https://storage.test/put",
              method: "PUT",
              headers: {},
              expiresAt: "2026-12-03T21:00:00Z",
            },
          },
        };
      },
      [`POST /v1/diary/attachments/${received.id}/received`]: { status: 200, body: received },
      "POST /v1/diary/attachments/00000000-0000-4000-8000-0000000000ff/received": {
        status: 400,
        body: { code: "BAD_REQUEST", message: DIARY_MESSAGES.attachmentContent, requestId: "r2" },
      },
    });
    const onSubmit = renderForm();
    fillRequired();
    fireEvent.click(screen.getByRole("checkbox", { name: "Non ricordo l'ora" }));
    choose("Scatta una foto", new File(["png"], "chat.png", { type: "image/png" }));
    choose("Allega foto o file", new File(["not a pdf"], "finto.pdf", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe(DIARY_MESSAGES.attachmentContent);
    expect(await screen.findByText("Caricato")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Togli finto.pdf" }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual([received.id]);
    expect(api.calls.filter((c) => c.url.endsWith("/v1/diary/attachments")).map((c) => c.body)).toEqual([
      { fileName: "chat.png", size: 3 },
      { fileName: "finto.pdf", size: 9 },
    ]);
  });
});
