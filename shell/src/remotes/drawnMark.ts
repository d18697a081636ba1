/**
 * The element of a server-drawn page that carries what it was drawn from (server/src/pages/
 * frontend.ts writes it, serverDrawn.ts reads it): its own module, so the bootstrap can look for
 * it without loading serverDrawn.ts on a page drawn in the browser.
 */
export const DRAWN_ELEMENT_ID = 'gwar-drawn';
