import type { ComponentType } from "react";
import { CONFIRM_MODAL_ID, ConfirmModal } from "./confirm-modal.tsx";
import { ERROR_MODAL_ID, ErrorModal } from "./error-modal.tsx";
import { type ModalProps, useModalState, useModalStore } from "./modal-store.ts";

export type ModalComponent = ComponentType<ModalProps & { onClose: () => void }>;

/**
 * The shop's 3-D Secure dialog, opened by the card step (features/orders/card-payment.ts). The shell registers
 * it, loading it on demand: shared never imports a feature, and public pages never carry it.
 */
export const CARD_ACTION_MODAL_ID = "card-action";

/** Modals openable by id through the modal store. Features add theirs here, or through the shell. */
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
