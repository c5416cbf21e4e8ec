// What the other features and the routes may use of catalogue (docs/architecture.md, web part: features meet
// through public.ts): the admin screens of the products and their prices, the campaigns, vouchers and gift cards.
export { AdminCampaignsPage } from "./admin-campaigns-page.tsx";
export { AdminGiftCardsPage } from "./admin-gift-cards-page.tsx";
export { AdminProductsPage } from "./admin-products-page.tsx";
export { AdminVouchersPage } from "./admin-vouchers-page.tsx";
