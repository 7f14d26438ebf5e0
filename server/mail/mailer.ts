import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/open";
import { outbox } from "../db/schema";

// Password-reset and invitation mail. With SMTP_URL set it goes out through
// SMTP; without, it is kept in the outbox table and its link is logged, so a
// person trying the demo can follow it.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  tenantId?: number;
}

export interface Mailer {
  /** Resolves once the mail is stored or handed to delivery; never rejects. */
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}

export function outboxMailer({ db, log }: Pick<MailerOptions, "db" | "log">): Mailer {
  return {
    async send(mail) {
      try {
        await db.insert(outbox).values({
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
          link: mail.link,
          tenant_id: mail.tenantId,
        });
        log.info(`Mail to ${mail.to}: ${mail.subject} ${mail.link ?? ""}`.trimEnd());
      } catch (error) {
        log.error({ err: error }, "Could not store mail in the outbox");
      }
    },
  };
}

function smtpMailer(smtpUrl: string, { log, from }: MailerOptions): Mailer {
  type Transport = import("nodemailer").Transporter;
  let transport: Promise<Transport> | undefined;
  const getTransport = () => {
    transport ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl));
    return transport;
  };
  return {
    async send(mail) {
      // Delivery runs after the answer: an SMTP round trip must neither slow the
      // request nor reveal, by its timing, whether an account exists.
      void getTransport()
        .then((t) => t.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text }))
        .then(() => log.info({ to: mail.to, subject: mail.subject }, "Mail sent"))
        .catch((error: unknown) => log.error({ err: error, to: mail.to }, "Mail delivery failed"));
    },
  };
}
