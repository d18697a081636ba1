/** The frame around every screen: top bar, side menu, content, mobile footer, toasts, dialogs. */
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useMediaQuery } from 'shared-ui';
import { DialogOutlet } from '../dialogs/DialogOutlet.tsx';
import { useFavicon } from './favicon.ts';
import { useFeedLink } from './feedLink.ts';
import { MobileFooter } from './MobileFooter.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { PreviewBannerWhenPreviewing } from './rarePanels.tsx';
import { SideMenu } from './SideMenu.tsx';
import { Toasts } from './Toasts.tsx';
import { TopBar } from './TopBar.tsx';

/** Below this width the side menu is a drawer (kept in step with shell.css). */
export const WIDE_QUERY = '(min-width: 1100px)';

export function Layout({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useFavicon();
  useFeedLink();
  // While the drawer is open it is the only thing to interact with (like a modal).
  const behindDrawer = !wide && menuOpen;
  return (
    <>
      <a className="sh-skip" href="#sh-main">
        Przejdź do treści
      </a>
      <ProgressBar />
      <TopBar
        inert={behindDrawer}
        drawer={!wide}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        toggleRef={toggleRef}
      />
      <OfflineBanner />
      <PreviewBannerWhenPreviewing />
      <div className="sh-body">
        <SideMenu drawer={!wide} open={menuOpen} onClose={closeMenu} toggleRef={toggleRef} />
        <main id="sh-main" className="sh-main" tabIndex={-1} inert={behindDrawer}>
          {children}
        </main>
      </div>
      <MobileFooter inert={behindDrawer} />
      <Toasts />
      <DialogOutlet />
    </>
  );
}
