import { AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the inbox parsed it (mailparser). */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string {
  return [field ?? []]
    .flat()
    .flatMap((entry) => entry.value.map((address) => address.address ?? ''))
    .join(', ');
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), keeping every message it accepts parsed with
 * `mailparser`. It can be stopped and started again on the same port, as a mail server that goes away and returns.
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<string> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({ from: addressesOf(parsed.from), to: addressesOf(parsed.to), subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `done` holds (polling), or fails after `timeoutMs`. */
  async waitFor(done: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${this.received.length} mails`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
