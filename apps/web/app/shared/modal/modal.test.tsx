import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SCROLL_LOCK_CLASS } from "../ui/scroll-lock.ts";
import { ErrorModal } from "./error-modal.tsx";
import { Modal } from "./modal.tsx";
import { ModalRoot } from "./modal-root.tsx";
import { createModalStore, ModalStoreContext } from "./modal-store.ts";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Apri
      </button>
      {open ? (
        <Modal title="Titolo" size="small" onClose={() => setOpen(false)}>
          <p>Contenuto</p>
          <button type="button">Primo</button>
          <button type="button">Ultimo</button>
        </Modal>
      ) : null}
    </>
  );
}

describe("Modal", () => {
  it("is an accessible dialog that takes focus, closes on Escape and gives focus back", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Apri" });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole("dialog", { name: "Titolo" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it("keeps Tab and Shift+Tab inside the dialog", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Apri" }));
    const dialog = screen.getByRole("dialog");
    const close = screen.getByRole("button", { name: "Chiudi" });
    const last = screen.getByRole("button", { name: "Ultimo" });

    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);

    dialog.focus();
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("closes with the × button", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Apri" }));
    fireEvent.click(screen.getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("ModalRoot and the error modal", () => {
  it("opens the error modal by id with its message and closes it through the store", () => {
    const store = createModalStore();
    render(
      <ModalStoreContext.Provider value={store}>
        <ModalRoot />
      </ModalStoreContext.Provider>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => store.open("error", { message: "Server Error 500 !" }));
    const dialog = screen.getByRole("dialog", { name: "Si è verificato un errore" });
    expect(dialog.textContent).toContain("Server Error 500 !");

    fireEvent.click(screen.getByRole("button", { name: "Ho capito" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(store.getState()).toEqual({ id: null, opened: false, props: {} });
  });

  it("falls back to 'Unknow Error!' without a message", () => {
    render(<ErrorModal onClose={() => {}} />);
    expect(screen.getByRole("dialog").textContent).toContain("Unknow Error!");
  });
});
