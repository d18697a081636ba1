import { describe, expect, it } from 'vitest';
import { routeLabel, statusClass, UNKNOWN_ROUTE } from './routeLabels.ts';

describe('the route label of a request', () => {
  it('is the template Fastify matched, never the address asked', () => {
    expect(routeLabel('/api/posts')).toBe('/api/posts');
    expect(routeLabel('/api/rpc/post_vote')).toBe('/api/rpc/post_vote');
    expect(routeLabel('/files/:file', { file: 'a1b2c3.webp' })).toBe('/files/:file');
    expect(routeLabel('/*', { '*': 'post/123/some-title' })).toBe('/*');
    expect(routeLabel('/api/*', { '*': 'no-such-thing' })).toBe('/api/*');
  });

  it('names a read or a call given as a parameter only when the contract has it', () => {
    expect(routeLabel('/api/:resource', { resource: 'posts' })).toBe('/api/posts');
    expect(routeLabel('/api/:resource', { resource: 'pg_shadow' })).toBe(UNKNOWN_ROUTE);
    expect(routeLabel('/api/rpc/:name', { name: 'post_vote' })).toBe('/api/rpc/post_vote');
    expect(routeLabel('/api/rpc/:name', { name: 'drop_everything' })).toBe(UNKNOWN_ROUTE);
    expect(routeLabel('/api/rpc/:name', { name: 'posts' })).toBe(UNKNOWN_ROUTE);
    expect(routeLabel('/api/rpc/:name', {})).toBe(UNKNOWN_ROUTE);
  });

  it('is unknown when no route matched', () => {
    expect(routeLabel(undefined)).toBe(UNKNOWN_ROUTE);
    expect(routeLabel('')).toBe(UNKNOWN_ROUTE);
  });

  it('status classes by the first digit', () => {
    expect([200, 204, 304, 404, 429, 500, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
    expect(statusClass(999)).toBe('other');
  });
});
