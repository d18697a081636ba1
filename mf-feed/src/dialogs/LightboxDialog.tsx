/** lightbox (docs/product.md ): the image full-screen; a click anywhere (or Escape) closes. */
import type { DialogProps } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

export function LightboxDialog({ state, close }: DialogProps) {
  return (
    <Dialog title="Podgląd obrazka" hideTitle size="full" onClose={close} className="gw-feed-lightbox">
      <button type="button" className="gw-feed-lightbox__button" onClick={close} aria-label="Zamknij podgląd">
        {state.imgUrl && <img src={state.imgUrl} alt="" className="gw-feed-lightbox__img" />}
      </button>
    </Dialog>
  );
}
