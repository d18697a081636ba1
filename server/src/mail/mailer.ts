/**
 * Outgoing mail through nodemailer. With `SMTP_URL` it is sent for real; otherwise each
 * message is written as an `.eml` file into `<DATA_DIR>/outbox` and its link is logged, so a
 * local user (and the browser tests) can finish sign-up without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; logged in outbox mode only (it carries a secret token). */
  link?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** The folder mails are written to in outbox mode. */
  readonly outbox: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      outbox,
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html });
        log.info({ subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    outbox,
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from: config.mailFrom, to, subject, text, html });
      await mkdir(outbox, { recursive: true });
      // Sortable by time; the random part keeps two mails in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      await writeFile(file, info.message as Buffer);
      log.info({ file, link }, `mail written to the outbox: ${subject}`);
    },
    close: () => transport.close(),
  };
}
