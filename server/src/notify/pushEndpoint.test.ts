import { describe, expect, it } from 'vitest';
import { acceptedEndpoint } from './pushEndpoint.ts';

describe('push endpoints a subscription may name (R-10.15)', () => {
  it('accepts an https push service', () => {
    expect(acceptedEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(acceptedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://10.1.2.3/push',
    'https://169.254.169.254/latest/meta-data',
    'https://192.168.0.1/',
    'https://172.20.0.1/',
    'https://100.64.0.1/',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://localhost/push',
    'https://intranet/push',
    'https://user:pass@push.example.com/x',
    'ftp://push.example.com/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(acceptedEndpoint(endpoint, false)).toBe(false);
  });

  it('accepts plain http on the loopback address only when the setting allows it', () => {
    expect(acceptedEndpoint('http://127.0.0.1:4000/push/1', false)).toBe(false);
    expect(acceptedEndpoint('http://127.0.0.1:4000/push/1', true)).toBe(true);
    expect(acceptedEndpoint('http://10.0.0.1:4000/push/1', true)).toBe(false);
  });
});
