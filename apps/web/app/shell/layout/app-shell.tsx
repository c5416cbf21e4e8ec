import { canAdminister } from "@argine/core/identity/policy";
import { canWorkCases } from "@argine/core/practices/policy";
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SupportLauncher } from "../../features/support/public.ts";
import { useAppState, useAppStateStore } from "../../shared/async/app-state.ts";
import { GlobalSpinner } from "../../shared/async/global-spinner.tsx";
import { ModalToneContext } from "../../shared/modal/modal.tsx";
import {
  CARD_ACTION_MODAL_ID,
  MODAL_REGISTRY,
  type ModalComponent,
  ModalRoot,
} from "../../shared/modal/modal-root.tsx";
import { useModalState } from "../../shared/modal/modal-store.ts";
import { CookieNotice } from "../analytics/cookie-notice.tsx";
import { usePageViews } from "../analytics/use-page-views.ts";
import { useReloadOnNewBuild } from "../platform/build-version.ts";
import { useLocationHistory } from "../platform/location-history.ts";
import { registerServiceWorker } from "../platform/service-worker.ts";
import styles from "./app-shell.module.css";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { QuickExit } from "./quick-exit.tsx";

export const MAIN_CONTENT_ID = "contenuto";

// The 3-D Secure dialog is loaded when a payment first asks for it, so no other page carries the shop's code.
const CardActionDialog = lazy(() =>
  import("../../features/orders/card-action-dialog.tsx").then((module) => ({
    default: module.CardActionDialog,
  })),
);

const MODALS: Readonly<Record<string, ModalComponent>> = {
  ...MODAL_REGISTRY,
  [CARD_ACTION_MODAL_ID]: (props) => (
    <Suspense fallback={null}>
      <CardActionDialog {...props} />
    </Suspense>
  ),
};

/** After a client-side navigation, move focus to the new page's content so keyboard and screen-reader
 * users start reading it, and drop the previous page's layout error. */
function useRouteChangeEffects(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const appState = useAppStateStore();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    appState.clearLayoutError();
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The chrome of every page: skip link, quick exit, header, main content, footer, the global spinner and the
 * modal layer. Needs <AppProviders> above it. While a modal is open the page behind it is inert; the quick
 * exit stays usable.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const { opened: modalOpen } = useModalState();
  // The header's tone for the team: an admin's, else a lawyer's (the other member of staff). Read as the tone
  // alone, so the session's news (the user found, then read again) does not draw the whole chrome again.
  const tone = useAppState(({ user }) =>
    canAdminister(user?.roles) ? "admin" : canWorkCases(user?.roles) ? "lawyer" : null,
  );
  useRouteChangeEffects(mainRef);
  usePageViews();
  useLocationHistory();
  useReloadOnNewBuild();
  useEffect(() => {
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
        Vai al contenuto principale
      </a>
      <QuickExit />
      <div className={styles.page} inert={modalOpen}>
        <Header />
        <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
        <Footer />
      </div>
      {/* One corner for the two: the launcher stacks above the cookie notice, never over its buttons. */}
      <div className={styles.corner}>
        <div className={styles.cornerItem} inert={modalOpen}>
          <SupportLauncher />
        </div>
        <CookieNotice />
      </div>
      <GlobalSpinner />
      <ModalToneContext value={tone}>
        <ModalRoot registry={MODALS} />
      </ModalToneContext>
    </>
  );
}
