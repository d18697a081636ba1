/**
 * perk-user, perk-tag, perk-domain (docs/product.md ): follow, block and copy link. Follow
 * and block send the opposite of the current state; success toasts, failures
 * close silently.
 */
import { type PerkAction, toast, useSessionUser } from 'shared-api';
import { type PerkKind, usePerkMutation, usePerkState } from 'shared-api/perks';
import { Button, type DialogProps, Spinner } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

const TITLES: Record<PerkKind, (target: string) => string> = {
  user: (target) => `Użytkownik ${target}`,
  tag: (target) => `Tag #${target}`,
  domain: (target) => `Domena ${target}`,
};

export const PERK_TOASTS = {
  follow: { on: 'Dodano do śledzonych', off: 'Usunięto ze śledzonych' },
  block: { on: 'Dodano do blokowanych', off: 'Usunięto z blokowanych' },
} as const;

export const COPY_OK = 'Skopiowano URL do schowka';
export const COPY_FAILED = 'Nie udało się skopiować';

/**
 * docs/product.md: the site address plus /user/{name} or /tag/{name}, or the stored url for
 * domains.
 */
export function perkLink(kind: PerkKind, target: string, url: string | undefined, origin: string): string {
  if (kind === 'user') return `${origin}/user/${encodeURIComponent(target)}`;
  if (kind === 'tag') return `${origin}/tag/${encodeURIComponent(target)}`;
  return url || `https://${target}`;
}

export async function copyText(text: string): Promise<void> {
  try {
    if (!window.isSecureContext || !navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(COPY_OK);
  } catch {
    toast.warning(COPY_FAILED);
  }
}

export function PerkDialog({ kind, state, close }: DialogProps & { kind: PerkKind }) {
  const target = state.target ?? '';
  const viewer = useSessionUser();
  const self = kind === 'user' && viewer !== null && viewer.user.toLowerCase() === target.toLowerCase();
  const perk = usePerkState(kind, target, viewer !== null && !self);
  const mutation = usePerkMutation({ silent: true });
  const current = perk.data ?? { followed: state.followed ?? false, blocked: state.blocked ?? false };

  const toggle = (action: PerkAction) => {
    const on = action === 'follow' ? !current.followed : !current.blocked;
    mutation.mutate(
      { kind, action, target, on },
      {
        onSuccess: () => toast.success(PERK_TOASTS[action][on ? 'on' : 'off']),
        onSettled: close,
      },
    );
  };

  return (
    <Dialog title={TITLES[kind](target)} onClose={close}>
      {self ? (
        <p>To Ty. Nie możesz obserwować ani blokować samego siebie.</p>
      ) : !viewer ? (
        <p>Zaloguj się, aby obserwować lub blokować.</p>
      ) : perk.isPending ? (
        <Spinner label="Sprawdzanie…" />
      ) : (
        <div className="gw-dialog__actions gw-feed-perk__actions">
          <Button
            variant={current.followed ? 'secondary' : 'primary'}
            busy={mutation.isPending && mutation.variables?.action === 'follow'}
            disabled={mutation.isPending}
            onClick={() => toggle('follow')}
          >
            {current.followed ? 'Przestań obserwować' : 'Obserwuj'}
          </Button>
          <Button
            variant={current.blocked ? 'secondary' : 'danger'}
            busy={mutation.isPending && mutation.variables?.action === 'block'}
            disabled={mutation.isPending}
            onClick={() => toggle('block')}
          >
            {current.blocked ? 'Odblokuj' : 'Blokuj'}
          </Button>
        </div>
      )}
      <div className="gw-dialog__actions">
        <Button
          variant="ghost"
          onClick={() => void copyText(perkLink(kind, target, state.url, window.location.origin)).then(close)}
        >
          Kopiuj link
        </Button>
      </div>
    </Dialog>
  );
}

export const PerkUserDialog = (props: DialogProps) => <PerkDialog kind="user" {...props} />;
export const PerkTagDialog = (props: DialogProps) => <PerkDialog kind="tag" {...props} />;
export const PerkDomainDialog = (props: DialogProps) => <PerkDialog kind="domain" {...props} />;
