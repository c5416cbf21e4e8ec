import type { ComponentType } from "react";
import { CONFIRM_MODAL_ID, ConfirmModal } from "./confirm-modal.tsx";
import { ERROR_MODAL_ID, ErrorModal } from "./error-modal.tsx";
import { type ModalProps, useModalState, useModalStore } from "./modal-store.ts";

export type ModalComponent = ComponentType<ModalProps & { onClose: () => void }>;

/** Modals openable by id through the modal store. Features add theirs here. */
export const MODAL_REGISTRY: Readonly<Record<string, ModalComponent>> = {
  [ERROR_MODAL_ID]: ErrorModal,
  [CONFIRM_MODAL_ID]: ConfirmModal,
};

/** Renders the open modal, if any. */
export function ModalRoot({
  registry = MODAL_REGISTRY,
}: {
  registry?: Readonly<Record<string, ModalComponent>>;
}) {
  const { id, opened, props } = useModalState();
  const store = useModalStore();
  if (!opened || !id) return null;
  const Component = registry[id];
  if (!Component) return null;
  return <Component {...props} onClose={store.close} />;
}
