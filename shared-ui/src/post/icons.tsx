/** Small inline icons for post cards (decorative: the buttons carry the names). */
const base = { viewBox: '0 0 24 24', focusable: false } as const;

export const ArrowUp = () => (
  <svg
    aria-hidden="true"
    {...base}
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);
export const ArrowDown = () => (
  <svg
    aria-hidden="true"
    {...base}
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </svg>
);
export const Heart = ({ filled }: { filled: boolean }) => (
  <svg
    aria-hidden="true"
    {...base}
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5h2C14 6.1 15.4 5 17.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z" />
  </svg>
);
export const Comment = () => (
  <svg aria-hidden="true" {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);
export const Share = () => (
  <svg aria-hidden="true" {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </svg>
);
export const More = () => (
  <svg aria-hidden="true" {...base} fill="currentColor">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);
export const Play = () => (
  <svg aria-hidden="true" {...base} fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
);
