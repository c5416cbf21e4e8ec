// Every table, one file per domain (the names of core/src/<domain> and queries/<domain>.ts). drizzle wants one
// schema object (client.ts) and drizzle-kit one entry (drizzle.config.ts): this barrel is both. The package
// exports it as "@argine/db/schema".
export * from "./audit.ts";
export * from "./billing.ts";
export * from "./catalogue.ts";
export * from "./consultation.ts";
export * from "./diary.ts";
export * from "./identity.ts";
export * from "./invoice.ts";
export * from "./legalization.ts";
export * from "./oidc.ts";
export * from "./orders.ts";
export * from "./outreach.ts";
export * from "./payments-sandbox.ts";
export * from "./practices.ts";
export * from "./rate-limits.ts";
export * from "./reminders.ts";
export * from "./services.ts";
export * from "./support.ts";
export * from "./takedown.ts";
