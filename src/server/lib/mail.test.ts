import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from './logger.ts';
import { actionMail, createMailer } from './mail.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'betproof-mail-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

class CapturingLogger implements Logger {
  readonly lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  debug = (msg: string, fields?: Record<string, unknown>) => this.lines.push({ level: 'debug', msg, fields });
  info = (msg: string, fields?: Record<string, unknown>) => this.lines.push({ level: 'info', msg, fields });
  warn = (msg: string, fields?: Record<string, unknown>) => this.lines.push({ level: 'warn', msg, fields });
  error = (msg: string, fields?: Record<string, unknown>) => this.lines.push({ level: 'error', msg, fields });
}

const confirmMail = (to: string) =>
  actionMail({
    to,
    subject: 'Confirm your betproof email',
    intro: 'Welcome!',
    action: 'Confirm my email',
    url: `http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Fauth`,
    outro: 'Bye.',
  });

describe('the outbox mailer', () => {
  it('writes each mail as one JSON file {to, subject, text, html, createdAt} under DATA_DIR/outbox', async () => {
    const dataDir = path.join(tmp, 'data');
    const logger = new CapturingLogger();
    const mailer = createMailer({ from: 'betproof <no-reply@betproof.local>', dataDir, logger });
    const started = Date.now();
    await mailer.send(confirmMail('first@example.com'));
    await mailer.send(confirmMail('second@example.com'));

    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/\.json$/);
    // Written elsewhere and renamed in: nothing half-written is left behind.
    expect(readdirSync(path.join(dataDir, '.outbox-staging'))).toEqual([]);

    const mails = files.map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as Record<string, string>);
    expect(mails.map((m) => m.to).sort()).toEqual(['first@example.com', 'second@example.com']);
    const first = mails.find((m) => m.to === 'first@example.com')!;
    expect(Object.keys(first).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    expect(first).toMatchObject(confirmMail('first@example.com'));
    expect(first!.subject).toBe('Confirm your betproof email');
    expect(new Date(first.createdAt!).toISOString()).toBe(first.createdAt);
    expect(new Date(first.createdAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);

    // Each mail is logged with its recipient, subject and link, so a developer can follow it.
    const logged = logger.lines.filter((l) => l.msg === 'mail written to outbox');
    expect(logged).toHaveLength(2);
    expect(logged[0]!.fields).toMatchObject({
      to: 'first@example.com',
      subject: 'Confirm your betproof email',
      link: 'http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Fauth',
    });
    expect(String(logged[0]!.fields?.file)).toContain(outbox);
  });

  it('keeps mails sent in the same millisecond apart', async () => {
    const dataDir = path.join(tmp, 'burst');
    const mailer = createMailer({ from: 'x <x@x.x>', dataDir, logger: new CapturingLogger() });
    await Promise.all(Array.from({ length: 5 }, (_, i) => mailer.send(confirmMail(`burst${i}@example.com`))));
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(5);
  });
});

/** The smallest SMTP server nodemailer will talk to; it keeps each message's envelope and data. */
async function fakeSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let current = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        messages.push(current);
        current = { from: '', to: [], data: '' };
        inData = false;
        socket.write('250 queued\r\n');
      }
      let eol: number;
      while (!inData && (eol = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go ahead\r\n' : '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the SMTP mailer', () => {
  it('sends a text and an HTML part from MAIL_FROM when SMTP_URL is set, and writes no outbox', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const dataDir = path.join(tmp, 'smtp');
      const logger = new CapturingLogger();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: 'betproof <no-reply@betproof.example>',
        dataDir,
        logger,
      });
      await mailer.send(confirmMail('someone@example.com'));
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message!.from).toContain('no-reply@betproof.example');
      expect(message!.to).toEqual([expect.stringContaining('someone@example.com')]);
      expect(message!.data).toMatch(/^Subject: Confirm your betproof email$/m);
      expect(message!.data).toMatch(/Content-Type: multipart\/alternative/);
      expect(message!.data).toMatch(/Content-Type: text\/plain/);
      expect(message!.data).toMatch(/Content-Type: text\/html/);
      expect(readdirSync(tmp)).not.toContain('smtp');
      expect(logger.lines).toContainEqual(
        expect.objectContaining({
          msg: 'mail sent',
          fields: { to: 'someone@example.com', subject: 'Confirm your betproof email' },
        }),
      );
    } finally {
      await smtp.close();
    }
  });
});

describe('actionMail', () => {
  const mail = actionMail({
    to: 'a@example.com',
    subject: 'Reset your betproof password',
    intro: 'Hi <b>"Tom" & \'Jerry\'</b>',
    action: 'Choose <a new> password',
    url: 'https://betproof.example/api/auth/reset-password/tok?callbackURL=%2Freset-password&x="><script>alert(1)</script>',
    outro: '<script>alert("outro")</script>',
  });

  it('has a plain-text part with the link and the words as written', () => {
    expect(mail.text).toContain('Hi <b>"Tom" & \'Jerry\'</b>');
    expect(mail.text).toContain(
      'Choose <a new> password: https://betproof.example/api/auth/reset-password/tok?callbackURL=%2Freset-password',
    );
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Reset your betproof password');
  });

  it('escapes everything it puts in the HTML part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hi &lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;');
    expect(mail.html).toContain('Choose &lt;a new&gt; password');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;outro&quot;)&lt;/script&gt;');
  });

  it('links the action in the HTML part', () => {
    const href = /<a href="([^"]*)"/.exec(mail.html)?.[1];
    expect(href).toBe(
      'https://betproof.example/api/auth/reset-password/tok?callbackURL=%2Freset-password&amp;x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    const plain = actionMail({
      to: 'b@x.org',
      subject: 's',
      intro: 'i',
      action: 'a',
      url: 'https://x.org/?a=1&b=2',
      outro: 'o',
    });
    expect(plain.html).toContain('<a href="https://x.org/?a=1&amp;b=2"');
    expect(plain.text).toContain('https://x.org/?a=1&b=2');
  });
});
