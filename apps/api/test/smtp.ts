import { SMTPServer } from "smtp-server";
import { freePort } from "./ports.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (smtp-server) on a port of its own, which the test starts and stops: "down" is nothing
 * listening there, so a client's connection is refused as it would be by a mail server that is off.
 */
export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function testSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        onData(stream, session, callback) {
          let raw = "";
          stream.on("data", (chunk: Buffer) => {
            raw += chunk.toString("utf8");
          });
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
