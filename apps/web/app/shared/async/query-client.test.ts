import { onlineManager } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ERROR_MODAL_ID } from "../modal/error-modal.tsx";
import { createModalStore } from "../modal/modal-store.ts";
import { createAppStateStore } from "./app-state.ts";
import { createQueryClient, shouldRetry } from "./query-client.ts";

function setup() {
  const appState = createAppStateStore();
  const modal = createModalStore();
  const client = createQueryClient({ appState, modal });
  const spinner = () => appState.getState().spinner;
  return { appState, modal, client, spinner };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("async actions: spinner (spec §4)", () => {
  it("counts one spinner instance per query in flight and closes each when it settles", async () => {
    const { client, spinner } = setup();
    const first = deferred<string>();
    const second = deferred<string>();

    const a = client.fetchQuery({ queryKey: ["a"], queryFn: () => first.promise });
    const b = client.fetchQuery({ queryKey: ["b"], queryFn: () => second.promise });
    expect(spinner()).toEqual({ instances: 2, isSpinning: true });

    first.resolve("ok");
    await a;
    expect(spinner()).toEqual({ instances: 1, isSpinning: true });

    second.resolve("ok");
    await b;
    expect(spinner()).toEqual({ instances: 0, isSpinning: false });
  });

  it("closes the spinner after a failed query too", async () => {
    const { client, spinner } = setup();
    await expect(
      client.fetchQuery({
        queryKey: ["x"],
        queryFn: () => Promise.reject({ code: "NOT_FOUND", message: "Non c'è" }),
        retry: false,
      }),
    ).rejects.toBeTruthy();
    expect(spinner()).toEqual({ instances: 0, isSpinning: false });
  });

  it("does not raise the spinner for meta.hideSpinner", async () => {
    const { client, spinner } = setup();
    const pending = deferred<string>();
    const query = client.fetchQuery({
      queryKey: ["quiet"],
      queryFn: () => pending.promise,
      meta: { hideSpinner: true },
    });
    expect(spinner().instances).toBe(0);
    pending.resolve("ok");
    await query;
    expect(spinner().instances).toBe(0);
  });

  it("releases the spinner when a query is cancelled", async () => {
    const { client, spinner } = setup();
    const query = client.fetchQuery({ queryKey: ["slow"], queryFn: () => new Promise<string>(() => {}) });
    expect(spinner().instances).toBe(1);
    await client.cancelQueries({ queryKey: ["slow"] });
    await query.catch(() => undefined);
    expect(spinner()).toEqual({ instances: 0, isSpinning: false });
  });

  it("counts mutations: raised on request, closed when settled, unless hidden", async () => {
    const { client, spinner } = setup();
    const pending = deferred<string>();
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => pending.promise })
      .execute(undefined);
    await Promise.resolve();
    expect(spinner()).toEqual({ instances: 1, isSpinning: true });
    pending.resolve("done");
    await mutation;
    expect(spinner()).toEqual({ instances: 0, isSpinning: false });

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => "quiet", meta: { hideSpinner: true } })
      .execute(undefined);
    expect(spinner().instances).toBe(0);
  });

  it("does not spin for a write waiting offline, and spins once it leaves", async () => {
    const { client, spinner } = setup();
    // Mounted, as the app's provider does: coming back online resumes the paused writes.
    client.mount();
    onlineManager.setOnline(false);
    try {
      const sent: string[] = [];
      const mutation = client
        .getMutationCache()
        .build(client, { mutationFn: async (text: string) => sent.push(text) })
        .execute("ciao");
      await Promise.resolve();
      expect(spinner().instances).toBe(0);
      expect(sent).toEqual([]);
      onlineManager.setOnline(true);
      await mutation;
      expect(sent).toEqual(["ciao"]);
      expect(spinner().instances).toBe(0);
    } finally {
      onlineManager.setOnline(true);
      client.unmount();
    }
  });
});

describe("async actions: errors (spec §4, §8)", () => {
  it("on a failed query opens the error modal and sets the layout and last error", async () => {
    const { client, appState, modal } = setup();
    const error = {
      code: "FORBIDDEN",
      message: "Non hai i permessi per questa operazione.",
      requestId: "r1",
    };
    await client
      .fetchQuery({ queryKey: ["p"], queryFn: () => Promise.reject(error), retry: false })
      .catch(() => undefined);

    expect(modal.getState()).toEqual({
      id: ERROR_MODAL_ID,
      opened: true,
      props: { message: "Non hai i permessi per questa operazione." },
    });
    expect(appState.getState().layoutError).toBe("Non hai i permessi per questa operazione.");
    expect(appState.getState().lastError).toEqual(error);
  });

  it("uses 'Unknow Error!' for an error without a message", async () => {
    const { client, modal, appState } = setup();
    await client
      .fetchQuery({ queryKey: ["p"], queryFn: () => Promise.reject({ code: "UNKNOWN" }), retry: false })
      .catch(() => undefined);
    expect(modal.getState().props).toEqual({ message: "Unknow Error!" });
    expect(appState.getState().layoutError).toBe("Unknow Error!");
  });

  it("keeps the modal closed and the layout error untouched for meta.hideError", async () => {
    const { client, modal, appState } = setup();
    await client
      .fetchQuery({
        queryKey: ["q"],
        queryFn: () => Promise.reject({ message: "Server Error !" }),
        retry: false,
        meta: { hideError: true },
      })
      .catch(() => undefined);
    expect(modal.getState().opened).toBe(false);
    expect(appState.getState().layoutError).toBeNull();
    expect(appState.getState().lastError).toBeNull();
    expect(appState.getState().spinner.instances).toBe(0);
  });

  it("keeps the modal closed for the error codes meta.hideError lists, and opens it for others", async () => {
    const { client, modal } = setup();
    const fail = (code: string) =>
      client
        .fetchQuery({
          queryKey: ["r", code],
          queryFn: () => Promise.reject({ code, message: `Rifiutato: ${code}` }),
          retry: false,
          meta: { hideError: ["SECOND_FACTOR_REQUIRED"] },
        })
        .catch(() => undefined);
    await fail("SECOND_FACTOR_REQUIRED");
    expect(modal.getState().opened).toBe(false);
    await fail("FORBIDDEN");
    expect(modal.getState().props).toEqual({ message: "Rifiutato: FORBIDDEN" });
  });

  it("reports a failed mutation the same way, unless hidden", async () => {
    const { client, modal, appState } = setup();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject({ message: "Server Error 502 !" }) })
      .execute(undefined)
      .catch(() => undefined);
    expect(modal.getState()).toMatchObject({ id: ERROR_MODAL_ID, opened: true });
    expect(modal.getState().props).toEqual({ message: "Server Error 502 !" });
    expect(appState.getState().spinner.instances).toBe(0);

    modal.close();
    appState.clearLayoutError();
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => Promise.reject({ message: "Il Voucher deve essere almeno 3 caratteri." }),
        meta: { hideError: true },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(modal.getState().opened).toBe(false);
    expect(appState.getState().layoutError).toBeNull();
  });

  it("retries a read once on transient failures only", () => {
    expect(shouldRetry(0, { message: "Server Error !" })).toBe(true);
    expect(shouldRetry(0, { code: "UNKNOWN", message: "Errore del server" })).toBe(true);
    expect(shouldRetry(1, { message: "Server Error !" })).toBe(false);
    expect(shouldRetry(0, { code: "NOT_FOUND", message: "x" })).toBe(false);
    expect(shouldRetry(0, { code: "UNAUTHORIZED", message: "x" })).toBe(false);
    // The final codes are core's 4xx codes, not a copy of them.
    expect(shouldRetry(0, { code: "TOO_MANY_REQUESTS", message: "x" })).toBe(false);
    expect(shouldRetry(0, { code: "INVALID_TOKEN", message: "x" })).toBe(false);
    expect(shouldRetry(0, { code: "SERVICE_UNAVAILABLE", message: "x" })).toBe(true);
  });
});
