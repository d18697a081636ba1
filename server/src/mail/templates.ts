/** The account mails, in Polish, as plain text and simple HTML. */
import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function mail(to: string, subject: string, lines: string[], link: string, button: string): MailMessage {
  const text = `${lines.join('\n\n')}\n\n${link}\n\n— Gwar\n`;
  const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif;line-height:1.5">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p><p style="color:#666">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br>${escapeHtml(link)}</p><p>— Gwar</p></body></html>`;
  return { to, subject, text, html, link };
}

export function verifyMail(origin: string, to: string, username: string, token: string): MailMessage {
  return mail(
    to,
    'Gwar: potwierdź zakładanie konta',
    [
      `Cześć ${username}!`,
      'Dziękujemy za założenie konta w Gwarze. Kliknij poniższy link, aby je aktywować (link jest ważny 48 godzin).',
      'Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość — bez kliknięcia konto pozostanie nieaktywne.',
    ],
    `${origin}/verify?token=${token}`,
    'Aktywuj konto',
  );
}

export function resetMail(origin: string, to: string, username: string, token: string): MailMessage {
  return mail(
    to,
    'Gwar: ustaw nowe hasło',
    [
      `Cześć ${username}!`,
      'Ktoś (mamy nadzieję, że Ty) poprosił o zmianę hasła do Twojego konta. Link działa jeden raz i przez 1 godzinę.',
      'Jeśli to nie Ty, zignoruj tę wiadomość — Twoje hasło się nie zmieni.',
    ],
    `${origin}/reset?token=${token}`,
    'Ustaw nowe hasło',
  );
}

export function emailChangeMail(origin: string, to: string, username: string, token: string): MailMessage {
  return mail(
    to,
    'Gwar: potwierdź nowy adres email',
    [
      `Cześć ${username}!`,
      'Poproszono o zmianę adresu email Twojego konta na ten adres. Kliknij link, aby to potwierdzić (link jest ważny 24 godziny).',
      'Jeśli to nie Ty, zignoruj tę wiadomość — adres się nie zmieni.',
    ],
    `${origin}/verify?token=${token}`,
    'Potwierdź adres',
  );
}

/** A moderator decided one's ban appeal (docs/product.md R-10.13). */
export function appealDecidedMail(
  origin: string,
  to: string,
  username: string,
  appeal: { accepted: boolean; answer: string },
): MailMessage {
  const answer = appeal.answer ? [`Odpowiedź moderatora: ${appeal.answer}`] : [];
  return appeal.accepted
    ? mail(
        to,
        'Gwar: Twoje odwołanie zostało przyjęte',
        [
          `Cześć ${username}!`,
          'Moderator przyjął Twoje odwołanie: ban został zdjęty i możesz się znowu zalogować.',
          ...answer,
        ],
        `${origin}/login`,
        'Zaloguj się',
      )
    : mail(
        to,
        'Gwar: Twoje odwołanie zostało odrzucone',
        [
          `Cześć ${username}!`,
          'Moderator rozpatrzył Twoje odwołanie i je odrzucił: ban pozostaje.',
          ...answer,
        ],
        `${origin}/modlog`,
        'Dziennik moderacji',
      );
}
