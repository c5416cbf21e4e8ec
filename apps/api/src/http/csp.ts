/** What the Content-Security-Policy must allow for an adapter's browser side (Stripe.js, S3 uploads…). */
export interface CspSources {
  scriptSrc?: string[];
  /** Frames the page embeds: a card provider's, which also keep the Payment Request API (http/security.ts). */
  frameSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
}
