/**
 * Polish texts of the chat area. Past tense in Polish carries the actor's gender, which we do
 * not know, so notifications use the present tense ("@ania odpowiada na Twój wpis").
 */
import type { NotificationRow } from 'shared-api/notifications';
import { plural } from 'shared-ui';

type Kind = NonNullable<NotificationRow['postKind']>;

const OBJECT: Record<Kind, string> = { post: 'Twój wpis', micro: 'Twój wpis', comment: 'Twój komentarz' };
const PLACE: Record<Kind, string> = { post: 'we wpisie', micro: 'we wpisie', comment: 'w komentarzu' };

/** What happened, after the actor's name: 'odpowiada na Twój wpis' / 'wspomina o Tobie w komentarzu'. */
export function notificationAction(row: Pick<NotificationRow, 'kind' | 'postKind' | 'parentKind'>): string {
  if (row.kind === 'reply') return `odpowiada na ${OBJECT[row.parentKind ?? 'post']}`;
  return `wspomina o Tobie ${PLACE[row.postKind ?? 'post']}`;
}

/** A moderator's decision on one's ban appeal (docs/product.md ). */
export function appealDecision(appeal: NotificationRow['appeal']): string {
  return appeal === 'accepted'
    ? 'Twoje odwołanie od bana zostało przyjęte: ban został zdjęty'
    : 'Twoje odwołanie od bana zostało odrzucone';
}

/** '1 nieprzeczytane powiadomienie', '3 nieprzeczytane powiadomienia', '5 nieprzeczytanych powiadomień'. */
export function unreadNotifications(n: number): string {
  return `${n} ${plural(n, 'nieprzeczytane powiadomienie', 'nieprzeczytane powiadomienia', 'nieprzeczytanych powiadomień')}`;
}

/** '1 nowa wiadomość', '2 nowe wiadomości', '5 nowych wiadomości'. */
export function newMessages(n: number): string {
  return `${n} ${plural(n, 'nowa wiadomość', 'nowe wiadomości', 'nowych wiadomości')}`;
}

/** '1 rozmowa', '3 rozmowy', '5 rozmów'. */
export function conversations(n: number): string {
  return `${n} ${plural(n, 'rozmowa', 'rozmowy', 'rozmów')}`;
}
