import type { UploadedFile } from "@argine/core/services/services-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ModalRoot } from "../../shared/modal/modal-root.tsx";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { UploadWidget } from "./upload-widget.tsx";

const SERVICE_ID = "5a0c3f52-7a8e-4f6d-9a51-2e3c0b8f4d21";
const UPLOAD_PATH = `/v1/services/${SERVICE_ID}/upload`;
const SIGNED = {
  url: "https://storage.test/objects/firmato",
  method: "PUT",
  headers: { "content-type": "application/octet-stream" },
  expiresAt: "2026-11-24T22:00:00.000Z",
};
const SENT: UploadedFile = {
  fileName: "denuncia.pdf",
  uploadDate: "2026-11-24T10:30:00.000Z",
  side: "CLIENT",
  size: 1234,
};

/**
 * The storage's side of the PUT: the test decides when the bytes have gone (progress, then the answer), as
 * the browser's XMLHttpRequest reports them.
 */
class FakeStorageRequest {
  static last: FakeStorageRequest | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  constructor() {
    FakeStorageRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  answer(status: number) {
    this.status = status;
    act(() => this.onload?.());
  }
}

const sentRequest = async () => {
  await waitFor(() => expect(FakeStorageRequest.last?.body).toBeTruthy());
  return FakeStorageRequest.last as FakeStorageRequest;
};

/** The widget over a practice detail kept in the test: a change refetches it, as the case page does. */
function renderWidget(initial: UploadedFile | null, routes: Parameters<typeof stubApi>[0] = {}) {
  FakeStorageRequest.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeStorageRequest);
  const detail = { file: initial };
  const api = stubApi({
    [`GET /v1/services/${SERVICE_ID}/signed-url`]: { status: 200, body: SIGNED },
    [`PATCH ${UPLOAD_PATH}`]: () => {
      detail.file = SENT;
      return { status: 200, body: SENT };
    },
    [`DELETE ${UPLOAD_PATH}`]: () => {
      detail.file = null;
      return { status: 200, body: {} };
    },
    ...routes,
  });
  function Page() {
    const [file, setFile] = useState(detail.file);
    return (
      <>
        <UploadWidget
          serviceId={SERVICE_ID}
          serviceType="INJUCTION"
          file={file}
          title="I tuoi file per l'avvocato"
          onChanged={async () => setFile(detail.file)}
        />
        <ModalRoot />
      </>
    );
  }
  renderWithApp(<Page />);
  return api;
}

const pdf = (name = "denuncia.pdf", size = 1234) =>
  new File([new Uint8Array(Math.min(size, 16))], name, { type: "application/pdf" });

/** A File claiming any size without holding the bytes (a 31 MB file in the test's memory is pointless). */
const sized = (name: string, size: number) => {
  const file = pdf(name);
  Object.defineProperty(file, "size", { value: size });
  return file;
};

const widget = () => screen.getByRole("group", { name: "I tuoi file per l'avvocato" });
const dropzone = () => within(widget()).getByText(MESSAGES.uploadHint);
const fileInput = () => widget().querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const drop = (...files: File[]) => fireEvent.drop(dropzone(), { dataTransfer: { files } });

describe("the upload widget", () => {
  it("with no file offers 'Carica un file' for .pdf, .doc, .docx and .zip, and the drop area", () => {
    renderWidget(null);
    expect(within(widget()).getByRole("button", { name: "Carica un file" })).toBeTruthy();
    expect(fileInput().accept).toBe(".pdf,.doc,.docx,.zip");
    expect(dropzone().hasAttribute("data-disabled")).toBe(false);
    expect(within(widget()).queryByRole("button", { name: "Invia" })).toBeNull();
  });

  it("sends a chosen file: signed link, the bytes with a progress bar, then its name and 'inviato il'", async () => {
    const { calls } = renderWidget(null);
    choose(pdf());
    expect(within(widget()).getByText("denuncia.pdf")).toBeTruthy();
    expect(within(widget()).getByRole("button", { name: "Togli il file denuncia.pdf" })).toBeTruthy();
    expect(dropzone().hasAttribute("data-disabled")).toBe(true);
    fireEvent.click(within(widget()).getByRole("button", { name: "Invia" }));

    const put = await sentRequest();
    expect(put.method).toBe("PUT");
    expect(put.url).toBe(SIGNED.url);
    expect(put.headers).toEqual(SIGNED.headers);
    const signed = calls.find((c) => c.url.includes("/signed-url"));
    expect(signed?.url).toContain("fileName=denuncia.pdf");
    expect(signed?.url).toContain("size=16");
    put.progress(8, 16);
    const bar = within(widget()).getByRole("progressbar", { name: "Invio di denuncia.pdf in corso" });
    expect(bar.getAttribute("value")).toBe("50");
    put.answer(200);

    expect(await within(widget()).findByText(/^inviato il /)).toBeTruthy();
    expect(within(widget()).getByText("denuncia.pdf")).toBeTruthy();
    const registered = calls.find((c) => c.method === "PATCH");
    expect(registered?.body).toEqual({ fileName: "denuncia.pdf", serviceType: "INJUCTION" });
    expect(within(widget()).getByRole("button", { name: "Apri" })).toBeTruthy();
    expect(dropzone().hasAttribute("data-disabled")).toBe(true);
  });

  it("takes back a chosen file with the delete icon, without calling the server", () => {
    const { calls } = renderWidget(null);
    choose(pdf());
    fireEvent.click(within(widget()).getByRole("button", { name: "Togli il file denuncia.pdf" }));
    expect(within(widget()).getByRole("button", { name: "Carica un file" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("deletes a sent file after asking, and offers the upload again", async () => {
    const { calls } = renderWidget(SENT);
    expect(within(widget()).getByText("denuncia.pdf")).toBeTruthy();
    fireEvent.click(within(widget()).getByRole("button", { name: "Elimina" }));
    const dialog = await screen.findByRole("dialog", { name: "Vuoi eliminare il file?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, elimina il file" }));
    expect(await within(widget()).findByRole("button", { name: "Carica un file" })).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({
      fileName: "denuncia.pdf",
      serviceType: "INJUCTION",
    });
  });

  it("takes only the first dropped file, and highlights while a file is dragged over", () => {
    renderWidget(null);
    fireEvent.dragOver(dropzone(), { dataTransfer: { files: [] } });
    expect(dropzone().hasAttribute("data-drag-over")).toBe(true);
    fireEvent.dragLeave(dropzone());
    expect(dropzone().hasAttribute("data-drag-over")).toBe(false);
    drop(pdf("primo.pdf"), pdf("secondo.pdf"));
    expect(within(widget()).getByText("primo.pdf")).toBeTruthy();
    expect(within(widget()).queryByText("secondo.pdf")).toBeNull();
  });

  it("ignores drops while a file exists", () => {
    renderWidget(SENT);
    fireEvent.dragOver(dropzone(), { dataTransfer: { files: [] } });
    expect(dropzone().hasAttribute("data-drag-over")).toBe(false);
    drop(pdf("altro.pdf"));
    expect(within(widget()).queryByText("altro.pdf")).toBeNull();
    expect(within(widget()).queryByRole("button", { name: "Invia" })).toBeNull();
  });

  it("refuses before sending a file of another type or over 30 MB, with the server's own messages", () => {
    const { calls } = renderWidget(null);
    choose(pdf("programma.exe"));
    expect(within(widget()).getByRole("alert").textContent).toBe(MESSAGES.uploadBadType);
    drop(sized("enorme.pdf", 31 * 1024 * 1024));
    expect(within(widget()).getByRole("alert").textContent).toBe(MESSAGES.uploadTooLarge);
    expect(within(widget()).queryByRole("button", { name: "Invia" })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("says 'Errore in fase di caricamento' when the storage refuses the bytes, and keeps the file to retry", async () => {
    renderWidget(null);
    choose(pdf());
    fireEvent.click(within(widget()).getByRole("button", { name: "Invia" }));
    (await sentRequest()).answer(403);
    expect((await within(widget()).findByRole("alert")).textContent).toBe(MESSAGES.uploadError);
    expect(within(widget()).getByText("denuncia.pdf")).toBeTruthy();
    expect(within(widget()).getByRole("button", { name: "Invia" })).toBeTruthy();
  });

  it("shows the server's message when it refuses the file's content", async () => {
    const refusal = MESSAGES.uploadContentMismatch;
    renderWidget(null, {
      [`PATCH ${UPLOAD_PATH}`]: { status: 400, body: { code: "BAD_REQUEST", message: refusal } },
    });
    choose(pdf("finto.pdf"));
    fireEvent.click(within(widget()).getByRole("button", { name: "Invia" }));
    (await sentRequest()).answer(200);
    expect((await within(widget()).findByRole("alert")).textContent).toBe(refusal);
    expect(within(widget()).getByText("finto.pdf")).toBeTruthy();
  });

  it("on a phone says to upload from a desktop (the widget itself is hidden by the stylesheet)", () => {
    renderWidget(null);
    expect(within(widget()).getByText(MESSAGES.uploadDesktopOnly)).toBeTruthy();
  });
});
