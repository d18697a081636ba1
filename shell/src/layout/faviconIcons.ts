/**
 * The favicons as data addresses (favicon.ts): the app's icon and the alert icon. A chunk of its
 * own: the page arrives with the app's icon (shell/src/index.html), so only a counter that reaches 1,
 * and the way back from it, needs them.
 */
const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>`)}`;

/** The app's icon (shell/public/icons/icon.svg, scripts/makeIcons.mjs): the same drawing. */
const ICON =
  '<rect width="512" height="512" rx="112" fill="#2563eb"/><path d="M347.9 164.1A130 130 0 1 0 386 256H262" fill="none" stroke="#fff" stroke-width="56"/>';
export const FAVICON = svg(ICON);
export const FAVICON_ALERT = svg(
  `${ICON}<circle cx="400" cy="112" r="104" fill="#dc2626" stroke="#fff" stroke-width="24"/>`,
);
