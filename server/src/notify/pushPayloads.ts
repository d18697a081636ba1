/**
 * What one Web Push says (docs/product.md ): a Polish title and body, the page to open and
 * a tag (a newer push of the same subject replaces the older one on the device). The payload is
 * JSON, encrypted for the subscription (RFC 8291) by notify/push.ts; a chat message's text is in
 * it only when the device's owner chose so, otherwise only who wrote.
 */
import type { ModerateResolve } from 'shared-api/validation';

export interface PushPayload {
  title: string;
  body: string;
  /** A path of the site, opened when the notification is clicked. */
  url: string;
  tag: string;
}

/** The longest text of a chat message a push carries (a push's payload holds at most 4 KiB). */
export const MESSAGE_TEXT_CHARS = 200;

/** A post's title as a push quotes it, or nothing for a micropost or comment. */
function quoted(title: string | null): string {
  return title ? `: „${cut(title, 80)}”` : '';
}

function cut(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= chars ? flat : `${flat.slice(0, chars - 1).trimEnd()}…`;
}

export function replyPayload(actor: string, post: number, parentTitle: string | null): PushPayload {
  return {
    title: 'Nowa odpowiedź',
    body: `@${actor} odpowiada na Twój wpis${quoted(parentTitle)}`,
    url: `/post/${post}`,
    tag: `post-${post}`,
  };
}

export function mentionPayload(actor: string, post: number, title: string | null): PushPayload {
  return {
    title: 'Wzmianka o Tobie',
    body: `@${actor} wspomina o Tobie we wpisie${quoted(title)}`,
    url: `/post/${post}`,
    tag: `post-${post}`,
  };
}

/** The texts of R-10.13's notification of a decided appeal. */
export function appealPayload(appeal: number, accepted: boolean): PushPayload {
  return {
    title: 'Decyzja w sprawie odwołania',
    body: accepted
      ? 'Twoje odwołanie od bana zostało przyjęte: ban został zdjęty'
      : 'Twoje odwołanie od bana zostało odrzucone',
    url: '/notifs',
    tag: `appeal-${appeal}`,
  };
}

/** `text` is the message as written; null when the device shows no message text. */
export function messagePayload(actor: string, chat: string, text: string | null): PushPayload {
  return {
    title: `Wiadomość od @${actor}`,
    body: text === null ? 'Masz nową wiadomość na czacie' : cut(text, MESSAGE_TEXT_CHARS),
    url: `/chat/${actor}`,
    tag: `chat-${chat}`,
  };
}

const MODERATION_BODIES: Record<ModerateResolve, string> = {
  'delete-post': 'Moderator usunął Twój wpis',
  'ban-user': 'Moderator zbanował Twoje konto za wpis',
  'ban-user-and-delete-post': 'Moderator usunął Twój wpis i zbanował Twoje konto',
  'ban-user-and-delete-all-posts': 'Moderator usunął Twoje wpisy i zbanował Twoje konto',
};

/** A moderator's decision about one's post; the public moderation log says more. */
export function moderationPayload(post: number, resolve: ModerateResolve): PushPayload {
  return {
    title: 'Decyzja moderacji',
    body: MODERATION_BODIES[resolve],
    url: '/modlog',
    tag: `moderation-${post}`,
  };
}
