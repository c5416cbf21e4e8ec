import { createContext, useContext } from "react";
import { createStore, type Store, useStore } from "../store/create-store.ts";

// Modal state (spec §3): one modal at a time, identified by id, with the props it is opened with.

export type ModalProps = Record<string, unknown>;

export interface ModalState {
  id: string | null;
  opened: boolean;
  props: ModalProps;
}

export interface ModalStore extends Store<ModalState> {
  open(id: string, props?: ModalProps): void;
  close(): void;
}

export const CLOSED_MODAL: ModalState = { id: null, opened: false, props: {} };

export function createModalStore(): ModalStore {
  const store = createStore<ModalState>(CLOSED_MODAL);
  return {
    ...store,
    open(id, props = {}) {
      store.setState({ id, opened: true, props });
    },
    close() {
      store.setState(CLOSED_MODAL);
    },
  };
}

export const ModalStoreContext = createContext<ModalStore | null>(null);

export function useModalStore(): ModalStore {
  const store = useContext(ModalStoreContext);
  if (!store) throw new Error("useModalStore needs <AppProviders> (ModalStoreContext) above it");
  return store;
}

export function useModalState(): ModalState {
  const store = useModalStore();
  return useStore(store, (state) => state);
}
