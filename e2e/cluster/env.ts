import { clusterPorts } from "../../scripts/cluster/ports.ts";

// The cluster's addresses (scripts/cluster/cluster.ts), set before e2e/server.ts reads E2E_PORT: the workers'
// SOCKS proxies (client-addresses.ts) and the server log follow it. cluster.config.ts imports this first.

export const CLUSTER_PORTS = clusterPorts(Number(process.env.CLUSTER_PORT ?? 3200));
/** nginx in front of the two API processes: the journeys' base URL. */
export const CLUSTER_URL = `http://127.0.0.1:${CLUSTER_PORTS.proxy}`;

process.env.E2E_PORT = String(CLUSTER_PORTS.proxy);
// The mails go out through SMTP: support.ts reads them from the cluster's capture (mail-capture.ts).
process.env.E2E_CAPTURED_MAIL_URL = `http://127.0.0.1:${CLUSTER_PORTS.mail}`;
