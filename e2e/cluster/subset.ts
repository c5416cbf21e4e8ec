// The journeys that also run behind nginx (cluster.config.ts): sign-in and the account's mails, a checkout paid
// through the sandbox's webhook, uploads, a takedown, the live conversation, the consultation booking. When
// the run takes them there (scripts/test.ts sets E2E_SUBSET_BEHIND_NGINX), the main run's desktop leaves them
// out rather than play them twice; its phone still plays them on the embedded engine.
export const SUBSET_BEHIND_NGINX =
  /tests\/(account-journeys|checkout|uploads|takedown|conversation|consultation)\.spec\.ts$/;
