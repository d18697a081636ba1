/**
 * Web Push for this device (docs/product.md R-10.15), as /settings turns it on and off.
 *   GET /api/push_key                                  the installation's VAPID public key
 *   GET /api/push_subscriptions?endpoint=eq.{endpoint} this device's switches (one's own only)
 *   POST /api/rpc/push_subscribe {endpoint, keys, replies, messages, moderation, message_text}
 *   POST /api/rpc/push_unsubscribe {endpoint}
 * The browser's side is the service worker's PushManager: a subscription is made with the
 * server's key (`userVisibleOnly`, as browsers require) after the visitor allowed notifications,
 * and given to the server with the device's switches. The hooks' failures are silent in the
 * toasts: the settings page shows them beside its section (`pushErrorText`).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, getRows, NetworkError, presentError, queryClient, rpc } from 'shared-api';
import { applicationServerKey } from './pushKey.ts';
import { eq } from './readQuery.ts';
import type { CallInput } from './validation/contract.ts';
import type { PushSubscriptionRow } from './validation/rows.ts';

export type { PushSubscriptionRow } from './validation/rows.ts';
export { applicationServerKey };

/** The device's switches, as push_subscribe takes them. */
export type PushSwitches = Pick<
  CallInput<'push_subscribe'>,
  'replies' | 'messages' | 'moderation' | 'message_text'
>;

export const DEFAULT_PUSH_SWITCHES: Required<PushSwitches> = {
  replies: true,
  messages: true,
  moderation: true,
  message_text: false,
};

export const pushKeys = {
  all: ['push'] as const,
  /** What this browser can do and has: support, permission, its subscription and the server's row. */
  device: () => [...pushKeys.all, 'device'] as const,
};

/** A refusal on the browser's side, with the Polish text the settings page shows. */
export class PushSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushSetupError';
  }
}

export const PUSH_TEXTS = {
  unsupported: 'Ta przeglądarka nie obsługuje powiadomień push.',
  denied: 'Powiadomienia są zablokowane w ustawieniach przeglądarki dla tej strony.',
  notAllowed: 'Nie zezwolono na powiadomienia.',
  noWorker: 'Nie udało się uruchomić obsługi powiadomień na tej stronie. Odśwież stronę i spróbuj ponownie.',
  failed: 'Nie udało się włączyć powiadomień push. Spróbuj ponownie.',
} as const;

/** What /settings draws: `unsupported` hides the switches; `denied` says where to allow them. */
export interface DevicePush {
  supported: boolean;
  permission: NotificationPermission | null;
  /** This device's subscription as the server has it; null when push is off here. */
  subscription: PushSubscriptionRow | null;
}

/** How long turning push on waits for the service worker (ready never settles without one). */
const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function fetchDevicePush(signal: AbortSignal): Promise<DevicePush> {
  if (!pushSupported()) return { supported: false, permission: null, subscription: null };
  const permission = Notification.permission;
  const browser = await currentSubscription();
  if (!browser || permission !== 'granted') return { supported: true, permission, subscription: null };
  const [row] = await getRows('push_subscriptions', { endpoint: eq(browser.endpoint), limit: 1 }, signal);
  return { supported: true, permission, subscription: row ?? null };
}

export const devicePushQuery = () =>
  queryOptions({
    queryKey: pushKeys.device(),
    queryFn: ({ signal }) => fetchDevicePush(signal),
    staleTime: 0,
    meta: { silent: true },
  });

export function useDevicePush(enabled = true) {
  return useQuery({ ...devicePushQuery(), enabled });
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError(PUSH_TEXTS.noWorker)), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's subscription as push_subscribe takes it, with the device's switches. */
function subscribeInput(subscription: PushSubscription, switches: PushSwitches): CallInput<'push_subscribe'> {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...switches,
  };
}

function saved(row: PushSubscriptionRow) {
  queryClient.setQueryData<DevicePush>(pushKeys.device(), (old) => ({
    supported: true,
    permission: old?.permission === 'granted' ? old.permission : 'granted',
    subscription: row,
  }));
}

/**
 * Turns push on for this device: asks for the permission, subscribes the service worker with the
 * server's key (a subscription made with another key is replaced) and saves it with the switches.
 */
export function useEnablePush() {
  return useMutation({
    mutationFn: async (switches: PushSwitches = DEFAULT_PUSH_SWITCHES) => {
      if (!pushSupported()) throw new PushSetupError(PUSH_TEXTS.unsupported);
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        queryClient.setQueryData<DevicePush>(pushKeys.device(), {
          supported: true,
          permission,
          subscription: null,
        });
        throw new PushSetupError(permission === 'denied' ? PUSH_TEXTS.denied : PUSH_TEXTS.notAllowed);
      }
      const [key] = await getRows('push_key', {});
      if (!key) throw new PushSetupError(PUSH_TEXTS.failed);
      const registration = await workerRegistration();
      const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(key.public_key) };
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe(options);
      } catch {
        // A subscription made with another key (a reinstalled site): drop it and subscribe anew.
        await (await registration.pushManager.getSubscription())?.unsubscribe();
        subscription = await registration.pushManager.subscribe(options).catch(() => {
          throw new PushSetupError(PUSH_TEXTS.failed);
        });
      }
      return rpc('push_subscribe', subscribeInput(subscription, switches));
    },
    onSuccess: saved,
    meta: { silent: true },
  });
}

/** Changes this device's switches (its subscription stays). */
export function useUpdatePushSwitches() {
  return useMutation({
    mutationFn: async (switches: PushSwitches) => {
      const subscription = pushSupported() ? await currentSubscription() : null;
      if (!subscription) throw new PushSetupError(PUSH_TEXTS.failed);
      return rpc('push_subscribe', subscribeInput(subscription, switches));
    },
    onMutate: (switches) => {
      const old = queryClient.getQueryData<DevicePush>(pushKeys.device());
      if (old?.subscription) {
        queryClient.setQueryData<DevicePush>(pushKeys.device(), {
          ...old,
          subscription: { ...old.subscription, ...switches },
        });
      }
      return { old };
    },
    onError: (_error, _switches, context) => {
      if (context?.old) queryClient.setQueryData(pushKeys.device(), context.old);
    },
    onSuccess: saved,
    meta: { silent: true },
  });
}

/** Turns push off for this device: the browser forgets the subscription, and so does the server. */
export function useDisablePush() {
  return useMutation({
    mutationFn: async () => {
      const subscription = pushSupported() ? await currentSubscription() : null;
      const endpoint =
        subscription?.endpoint ??
        queryClient.getQueryData<DevicePush>(pushKeys.device())?.subscription?.endpoint;
      await subscription?.unsubscribe();
      if (endpoint) await rpc('push_unsubscribe', { endpoint });
    },
    onSuccess: () => {
      queryClient.setQueryData<DevicePush>(pushKeys.device(), (old) =>
        old ? { ...old, subscription: null } : old,
      );
    },
    meta: { silent: true },
  });
}

/** The text /settings shows for a failed push hook. */
export function pushErrorText(error: unknown): string {
  if (error instanceof PushSetupError) return error.message;
  if (error instanceof ApiError || error instanceof NetworkError)
    return presentError(error).text ?? PUSH_TEXTS.failed;
  // the browser's own refusal (a DOMException from PushManager): no key of ours to show
  return PUSH_TEXTS.failed;
}
