/**
 * The VAPID public key as `PushManager.subscribe` takes it: the bytes of its base64url text. Apart
 * from push.ts (hooks, react-query) so the service worker's own build can import it too
 * (shell/src/serviceWorker/push.ts).
 */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
