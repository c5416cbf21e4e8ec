import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createModalStore, ModalStoreContext } from "../modal/modal-store.ts";
import { AppStateContext, createAppStateStore } from "./app-state.ts";
import { createQueryClient } from "./query-client.ts";

/** The app's stores and the query client, created once per app (and per test). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [deps] = useState(() => {
    const appState = createAppStateStore();
    const modal = createModalStore();
    return { appState, modal, queryClient: createQueryClient({ appState, modal }) };
  });
  return (
    <QueryClientProvider client={deps.queryClient}>
      <AppStateContext.Provider value={deps.appState}>
        <ModalStoreContext.Provider value={deps.modal}>{children}</ModalStoreContext.Provider>
      </AppStateContext.Provider>
    </QueryClientProvider>
  );
}
