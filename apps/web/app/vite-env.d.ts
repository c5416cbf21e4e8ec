/// <reference types="vite/client" />

// Build-time configuration read by app/config.ts. Every variable is optional: the defaults are fictitious
// examples, never real company data.
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_BLOG_URL?: string;
  readonly VITE_CROWDFUNDING_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  readonly VITE_SOCIAL_FACEBOOK_URL?: string;
  readonly VITE_SOCIAL_LINKEDIN_URL?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_REGISTERED_OFFICE?: string;
  readonly VITE_COMPANY_VAT_NUMBER?: string;
  readonly VITE_COMPANY_REA?: string;
  readonly VITE_COMPANY_LEGAL_REPRESENTATIVE?: string;
  readonly VITE_COMPANY_CAPITAL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The id of the build this bundle belongs to (vite.config.ts), compared with /page-data/app-data.json. */
declare const __ARGINE_BUILD_ID__: string;

/** The login page's inline start (features/identity/early-login.ts), bundled by vite.config.ts. */
declare const __ARGINE_EARLY_LOGIN__: string;
