// The admin workspace: /dashboard/admin and its ten sections.

export const ADMIN_PATH = "/dashboard/admin";
export const ADMIN_PRODUCTS_PATH = `${ADMIN_PATH}/products`;
export const ADMIN_CAMPAIGNS_PATH = `${ADMIN_PATH}/campaigns`;
export const ADMIN_VOUCHERS_PATH = `${ADMIN_PATH}/vouchers`;
export const ADMIN_GIFT_CARDS_PATH = `${ADMIN_PATH}/gift-cards`;
export const ADMIN_REQUESTS_PATH = `${ADMIN_PATH}/requests`;
export const ADMIN_PREVIEW_PATH = `${ADMIN_PATH}/preview`;
export const ADMIN_DEAD_LETTERS_PATH = `${ADMIN_PATH}/dead-letters`;
export const ADMIN_ACCOUNTS_PATH = `${ADMIN_PATH}/accounts`;
export const ADMIN_AUDIT_PATH = `${ADMIN_PATH}/audit`;

export interface AdminSection {
  label: string;
  to: string;
}

/** The workspace's tabs, in order; the users are its landing page. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: "Utenti e ruoli", to: ADMIN_PATH },
  { label: "Prodotti e prezzi", to: ADMIN_PRODUCTS_PATH },
  { label: "Campagne", to: ADMIN_CAMPAIGNS_PATH },
  { label: "Voucher", to: ADMIN_VOUCHERS_PATH },
  { label: "Gift card", to: ADMIN_GIFT_CARDS_PATH },
  { label: "Contabilità", to: ADMIN_ACCOUNTS_PATH },
  { label: "Richieste dal sito", to: ADMIN_REQUESTS_PATH },
  { label: "Anteprima contenuti", to: ADMIN_PREVIEW_PATH },
  { label: "Invii non riusciti", to: ADMIN_DEAD_LETTERS_PATH },
  { label: "Registro delle azioni", to: ADMIN_AUDIT_PATH },
];
