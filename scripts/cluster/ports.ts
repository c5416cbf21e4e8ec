/** The cluster's ports from its first (scripts/cluster/cluster.ts), also read by e2e/cluster.config.ts. */
export function clusterPorts(port: number) {
  return {
    /** nginx, the address users reach (PUBLIC_URL). */
    proxy: port,
    apis: [port + 1, port + 2],
    smtp: port + 3,
    /** The captured mail's HTTP server (mail-capture.ts). */
    mail: port + 4,
    s3: port + 5,
  };
}
