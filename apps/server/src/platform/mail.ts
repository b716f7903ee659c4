import nodemailer from 'nodemailer';

/** Sends one plain-text mail; throws when the server refuses it. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:password@mail.example.com:465). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
