/**
 * The page's open modal dialogs, top last, and the body's scroll lock. The `<Dialog>` component
 * (`shared-ui/dialog`) is bundled into each app that draws one, so this state lives in shared-ui's
 * entry, the singleton: Escape and the focus trap act on the top dialog whichever app drew it, and
 * the page scrolls again only when the last one closes.
 */
const stack: HTMLElement[] = [];
let scrollLocks = 0;

export const modalStack = {
  open(panel: HTMLElement): void {
    stack.push(panel);
    if (scrollLocks++ === 0) document.body.style.overflow = 'hidden';
  },
  close(panel: HTMLElement): void {
    stack.splice(stack.indexOf(panel), 1);
    if (--scrollLocks === 0) document.body.style.overflow = '';
  },
  isTop(panel: HTMLElement): boolean {
    return stack[stack.length - 1] === panel;
  },
};
