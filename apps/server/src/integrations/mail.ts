import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise nodemailer renders the same message
 * to a .eml file in DATA_DIR/outbox (the sandbox: nothing leaves the machine, everything is readable).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(opts.outboxDir, { recursive: true });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(
        opts.outboxDir,
        `${Date.now()}-${safeTo}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
    },
  };
}
