/** What the Content-Security-Policy must allow for an adapter's browser side (Stripe.js, S3 uploads…). */
export interface CspSources {
  scriptSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
}
