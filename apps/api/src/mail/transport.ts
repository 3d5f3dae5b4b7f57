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
