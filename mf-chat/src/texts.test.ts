import { describe, expect, it } from 'vitest';
import {
  appealDecision,
  conversations,
  newMessages,
  notificationAction,
  unreadNotifications,
} from './texts.ts';

describe('chat texts', () => {
  it('names what happened', () => {
    expect(notificationAction({ kind: 'reply', postKind: 'comment', parentKind: 'post' })).toBe(
      'odpowiada na Twój wpis',
    );
    expect(notificationAction({ kind: 'reply', postKind: 'comment', parentKind: 'comment' })).toBe(
      'odpowiada na Twój komentarz',
    );
    expect(notificationAction({ kind: 'mention', postKind: 'comment', parentKind: 'post' })).toBe(
      'wspomina o Tobie w komentarzu',
    );
    expect(notificationAction({ kind: 'mention', postKind: 'micro', parentKind: null })).toBe(
      'wspomina o Tobie we wpisie',
    );
  });

  it("R-10.13 tells of an appeal's decision", () => {
    expect(appealDecision('accepted')).toBe('Twoje odwołanie od bana zostało przyjęte: ban został zdjęty');
    expect(appealDecision('rejected')).toBe('Twoje odwołanie od bana zostało odrzucone');
  });

  it('uses Polish plural forms', () => {
    expect(unreadNotifications(1)).toBe('1 nieprzeczytane powiadomienie');
    expect(unreadNotifications(3)).toBe('3 nieprzeczytane powiadomienia');
    expect(unreadNotifications(5)).toBe('5 nieprzeczytanych powiadomień');
    expect(unreadNotifications(22)).toBe('22 nieprzeczytane powiadomienia');
    expect(newMessages(1)).toBe('1 nowa wiadomość');
    expect(newMessages(4)).toBe('4 nowe wiadomości');
    expect(newMessages(12)).toBe('12 nowych wiadomości');
    expect(conversations(2)).toBe('2 rozmowy');
    expect(conversations(25)).toBe('25 rozmów');
  });
});
