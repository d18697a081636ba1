import { useSession } from 'shared-api';
import { ShortcutLink, shortcutsFor } from './TopBar.tsx';

/** The same shortcuts as the top bar, at the bottom of narrow screens, for signed-in users. */
export function MobileFooter({ inert }: { inert: boolean }) {
  const session = useSession();
  if (session.status !== 'user') return null;
  return (
    <nav className="sh-footer" aria-label="Skróty (dół ekranu)" inert={inert}>
      {shortcutsFor(session).map((item) => (
        <ShortcutLink key={item.to} item={item} className="sh-footer__link" />
      ))}
    </nav>
  );
}
