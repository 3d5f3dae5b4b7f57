import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'smtp' | 'console';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Errors that say the SMTP server could not be reached or would not talk to us at all (refused
 * or dropped connection, timeout, DNS, TLS, login), as opposed to the server refusing one
 * particular mail (nodemailer's EENVELOPE / EMESSAGE). The first kind is about every mail in the
 * queue, so the worker pauses and probes instead of pushing each mail's retry further out.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

export function isSmtpUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/** SMTP when SMTP_URL is set; otherwise the mail is printed, links and all, for development. */
export function createMailTransport(
  smtpUrl: string | undefined,
  print: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): MailTransport {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl, {
      // Fail fast and let the outbox retry, rather than hold a worker for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as nodemailer.TransportOptions);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // One id per outbox row, so a receiving system can spot a rare duplicate.
          messageId: `<${mail.id}@trustlinks>`,
        });
      },
      close: () => transporter.close(),
    };
  }
  return {
    kind: 'console',
    async send(mail) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      print(
        [
          '',
          '──── mail (console transport; set SMTP_URL to deliver) ────',
          `To:       ${mail.to}`,
          ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
          `Subject:  ${mail.subject}`,
          ...links.map((l) => `Link:     ${l}`),
          '',
          mail.text,
          '────────────────────────────────────────────────────────────',
        ].join('\n'),
      );
    },
    close: () => {},
  };
}
