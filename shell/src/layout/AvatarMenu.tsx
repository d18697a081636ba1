/** The signed-in user's menu in the top bar (docs/product.md ): name, Profil, Ustawienia, Wyloguj. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { type SessionUser, useLogout } from 'shared-api';
import { Avatar } from 'shared-ui';

export function AvatarMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const logout = useLogout();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="sh-usermenu" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className="sh-usermenu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user.user} avatar={user.avatar} size={32} />
        <span className="gw-visually-hidden">Menu użytkownika {user.user}</span>
      </button>
      <div id={menuId} className="sh-usermenu__panel" hidden={!open}>
        <p className="sh-usermenu__name">{user.user}</p>
        <ul>
          <li>
            <Link to="/profile">Profil</Link>
          </li>
          <li>
            <Link to="/settings">Ustawienia</Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                logout.mutate();
              }}
            >
              Wyloguj
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
