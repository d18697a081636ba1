import { describe, expect, it } from 'vitest';
import { feedFor } from './feedLink.ts';

describe('the page feed link', () => {
  it('names the feed of the microblog, a tag and a user, and none elsewhere', () => {
    expect(feedFor('/microblog')).toEqual({ href: '/microblog/feed.xml', title: 'Gwar – mikroblog' });
    expect(feedFor('/tag/Polska')?.href).toBe('/tag/polska/feed.xml');
    expect(feedFor('/tag/%C5%BC%C3%B3%C5%82w')?.href).toBe('/tag/%C5%BC%C3%B3%C5%82w/feed.xml');
    expect(feedFor('/user/ala_ma')?.href).toBe('/user/ala_ma/feed.xml');
    expect(feedFor('/settings')).toBeNull();
    expect(feedFor('/tag')).toBeNull();
  });
});
