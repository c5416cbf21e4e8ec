/// <reference path="../../apps/api/test/s3rver.d.ts" />
// The loopback doubles of a production start's outside services, for the runbook's "Rehearsal on one machine"
// (ADR 033): an SMTP server that keeps every mail and shows it (the cluster's mail-capture.ts), an S3
// (s3rver) with the bucket, Stripe's API (the tests' stand-in, apps/api/test/stripe-fake.ts) and a Time Stamping
// Authority (apps/api/test/tsa-fake.ts, RFC 3161 over HTTP with a local TSA's key). It prints
// the variables that point the server at them and runs until Ctrl-C. Never a part of production itself.
//
//   node scripts/rehearsal/doubles.ts [--port 4100] [--origin https://argine.test:8443]
//
// Ports from --port: SMTP, the mails' page, S3, Stripe, the TSA. --origin: the site's address, which the browser
// uploads to S3 from (the bucket's CORS rule).

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import S3rver from "s3rver";
import { startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { startTsaFake } from "../../apps/api/test/tsa-fake.ts";
import { startMailCapture } from "../cluster/mail-capture.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4100" },
    origin: { type: "string", default: "https://argine.test:8443" },
  },
});
const port = Number(values.port);
const [smtpPort, mailPort, s3Port, stripePort, tsaPort] = [port, port + 1, port + 2, port + 3, port + 4];
const BUCKET = "argine-files";
const dir = mkdtempSync(join(tmpdir(), "argine-rehearsal-s3-"));

const mail = await startMailCapture(smtpPort, mailPort);
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${values.origin}</AllowedOrigin>
  <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;
const s3 = new S3rver({
  address: "127.0.0.1",
  port: s3Port,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: BUCKET, configs: [cors] }],
});
await s3.run();
// Keys of the rehearsal's own, random: production refuses the tests' (they read as placeholders).
const token = () => randomBytes(18).toString("base64url").replace(/[-_]/g, "0");
const stripeKeys = { secretKey: `sk_live_${token()}`, publishableKey: `pk_live_${token()}` };
const stripe = await startStripeFake(stripePort, stripeKeys);
const tsa = await startTsaFake(tsaPort, { username: "argine", password: token() });
const tsaChain = join(mkdtempSync(join(tmpdir(), "argine-rehearsal-tsa-")), "tsa-chain.pem");
writeFileSync(tsaChain, tsa.caCertificates);

process.stdout.write(
  [
    "Loopback doubles running (Ctrl-C stops them). For the server's environment:",
    "",
    `SMTP_URL=${mail.smtpUrl}`,
    `S3_BUCKET=${BUCKET}`,
    `S3_ENDPOINT=http://127.0.0.1:${s3Port}`,
    "S3_REGION=eu-south-1",
    // s3rver knows the one key id S3RVER and does not check the signatures the SDK makes (version 4), so
    // any secret passes it: a random one, which production's check of secrets accepts.
    "S3_ACCESS_KEY_ID=S3RVER",
    `S3_SECRET_ACCESS_KEY=${token()}`,
    "S3_FORCE_PATH_STYLE=true",
    `STRIPE_API_URL=${stripe.url}`,
    `STRIPE_SECRET_KEY=${stripeKeys.secretKey}`,
    `STRIPE_PUBLISHABLE_KEY=${stripeKeys.publishableKey}`,
    `STRIPE_WEBHOOK_SECRET=whsec_${token()}`,
    `TSA_URL=${tsa.url}`,
    `TSA_USERNAME=${tsa.credentials.username}`,
    `TSA_PASSWORD=${tsa.credentials.password}`,
    `TSA_CA_CERTS=${tsaChain}`,
    "",
    `The mails sent: ${mail.url}/dev/mailbox`,
    "",
  ].join("\n"),
);

const stop = async () => {
  await Promise.allSettled([mail.close(), s3.close(), stripe.close(), tsa.close()]);
  rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(tsaChain), { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
