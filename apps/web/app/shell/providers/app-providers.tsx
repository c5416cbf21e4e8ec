import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { AuthProvider } from "../../features/identity/auth-provider.tsx";
import type { OidcClient } from "../../features/identity/oidc-client.ts";
import { AppStateContext, createAppStateStore } from "../../shared/async/app-state.ts";
import { createQueryClient } from "../../shared/async/query-client.ts";
import { createModalStore, ModalStoreContext } from "../../shared/modal/modal-store.ts";

/** The app's stores, the query client and the session check, created once per app (and per test). */
export function AppProviders({ children, authClient }: { children: ReactNode; authClient?: OidcClient }) {
  const [deps] = useState(() => {
    const appState = createAppStateStore();
    const modal = createModalStore();
    return { appState, modal, queryClient: createQueryClient({ appState, modal }) };
  });
  return (
    <QueryClientProvider client={deps.queryClient}>
      <AppStateContext.Provider value={deps.appState}>
        <ModalStoreContext.Provider value={deps.modal}>
          <AuthProvider client={authClient}>{children}</AuthProvider>
        </ModalStoreContext.Provider>
      </AppStateContext.Provider>
    </QueryClientProvider>
  );
}
