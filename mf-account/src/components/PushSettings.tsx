/**
 * /settings' "Powiadomienia push" (docs/product.md R-10.15): whether this browser can show push
 * notifications and has been allowed to, a button that turns them on for this device, one switch
 * per kind, one for a chat message's text, and turning them off here. Each device is set up on its
 * own: the switches are this device's subscription's, as the server keeps them. Failures show in
 * the section, not as toasts.
 */
import { useId, useState } from 'react';
import {
  DEFAULT_PUSH_SWITCHES,
  PUSH_TEXTS,
  type PushSubscriptionRow,
  type PushSwitches,
  pushErrorText,
  useDevicePush,
  useDisablePush,
  useEnablePush,
  useUpdatePushSwitches,
} from 'shared-api/push';
import { Button, Spinner } from 'shared-ui';

type Kind = 'replies' | 'messages' | 'moderation';

export const PUSH_KIND_LABELS: Record<Kind, string> = {
  replies: 'Odpowiedzi i wzmianki',
  messages: 'Wiadomości na czacie',
  moderation: 'Decyzje moderacji o moich wpisach',
};

const KINDS = Object.keys(PUSH_KIND_LABELS) as Kind[];

function switchesOf(row: PushSubscriptionRow): Required<PushSwitches> {
  return {
    replies: row.replies,
    messages: row.messages,
    moderation: row.moderation,
    message_text: row.message_text,
  };
}

function statusText(supported: boolean, permission: NotificationPermission | null, on: boolean): string {
  if (!supported) return PUSH_TEXTS.unsupported;
  if (permission === 'denied') return PUSH_TEXTS.denied;
  return on ? 'Włączone na tym urządzeniu.' : 'Wyłączone na tym urządzeniu.';
}

export function PushSettings() {
  const device = useDevicePush();
  const enable = useEnablePush();
  const update = useUpdatePushSwitches();
  const disable = useDisablePush();
  const [failure, setFailure] = useState<string | null>(null);
  const textHint = useId();
  const handlers = {
    onError: (error: unknown) => setFailure(pushErrorText(error)),
    onSuccess: () => setFailure(null),
  };

  const state = device.data;
  const subscription = state?.subscription ?? null;
  const switches = subscription ? switchesOf(subscription) : DEFAULT_PUSH_SWITCHES;
  const toggle = (name: keyof PushSwitches) =>
    update.mutate({ ...switches, [name]: !switches[name] }, handlers);

  return (
    <section className="acc-form" aria-labelledby="acc-push-title">
      <h2 id="acc-push-title" className="acc-subtitle">
        Powiadomienia push
      </h2>
      <p className="acc-muted">
        Powiadomienia na tym urządzeniu, także gdy strona jest zamknięta. Każde urządzenie i każdą
        przeglądarkę włącza się osobno.
      </p>
      {!state ? (
        <Spinner />
      ) : (
        <>
          <p role="status">{statusText(state.supported, state.permission, subscription !== null)}</p>
          {failure && (
            <p className="acc-notice acc-notice--danger" role="alert">
              {failure}
            </p>
          )}
          {state.supported && !subscription && state.permission !== 'denied' && (
            <div>
              <Button busy={enable.isPending} onClick={() => enable.mutate(DEFAULT_PUSH_SWITCHES, handlers)}>
                Włącz powiadomienia na tym urządzeniu
              </Button>
            </div>
          )}
          {subscription && (
            <>
              <fieldset className="acc-choices acc-choices--column">
                <legend>Powiadamiaj mnie o</legend>
                {KINDS.map((kind) => (
                  <label key={kind}>
                    <input
                      type="checkbox"
                      role="switch"
                      checked={switches[kind]}
                      aria-checked={switches[kind]}
                      onChange={() => toggle(kind)}
                    />
                    {PUSH_KIND_LABELS[kind]}
                  </label>
                ))}
              </fieldset>
              <fieldset className="acc-choices acc-choices--column">
                <legend>Prywatność</legend>
                <label>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={switches.message_text}
                    aria-checked={switches.message_text}
                    onChange={() => toggle('message_text')}
                    aria-describedby={textHint}
                  />
                  Pokazuj treść wiadomości
                </label>
                <p id={textHint} className="acc-muted">
                  Treść wiadomości prywatnej będzie widoczna na ekranie tego urządzenia, także zablokowanego.
                  Wyłączone: tylko kto napisał.
                </p>
              </fieldset>
              <div>
                <Button
                  variant="secondary"
                  busy={disable.isPending}
                  onClick={() => disable.mutate(undefined, handlers)}
                >
                  Wyłącz powiadomienia na tym urządzeniu
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
