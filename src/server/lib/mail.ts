import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from './logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise the outbox: each mail logged and kept as a JSON file in DATA_DIR/outbox. */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    // nodemailer is loaded with the first mail, not as the server starts (with the other modules
    // loaded when first used, ~100 ms of a start: bench/RESULTS.md, the startup section).
    // Creating the transport connects to nothing.
    let transport: Promise<Transporter> | undefined;
    return {
      async send(mail) {
        transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
        await (await transport).sendMail({ from: opts.from, ...mail });
        opts.logger.info('mail sent', { to: mail.to, subject: mail.subject });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  // Files are written here and then renamed into the outbox, so a reader never sees half a mail.
  const staging = path.join(opts.dataDir, '.outbox-staging');
  return {
    async send(mail) {
      await Promise.all([mkdir(outbox, { recursive: true }), mkdir(staging, { recursive: true })]);
      const createdAt = new Date().toISOString();
      const name = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      const file = path.join(outbox, name);
      const { to, subject, text, html, headers } = mail;
      await writeFile(
        path.join(staging, name),
        JSON.stringify({ to, subject, text, html, ...(headers ? { headers } : {}), createdAt }, null, 2),
      );
      await rename(path.join(staging, name), file);
      opts.logger.info('mail written to outbox', {
        to: mail.to,
        subject: mail.subject,
        link: firstLink(mail.text),
        file,
      });
    },
  };
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail with one call-to-action link, in plain text and HTML. */
export function actionMail(opts: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): Mail {
  const text = `${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— betproof`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;padding:10px 16px;background:#16a34a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="color:#555">${escapeHtml(opts.outro)}</p>
<p>— betproof</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
