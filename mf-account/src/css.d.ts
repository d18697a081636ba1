// Side-effect CSS imports, handled by rspack's css/auto rule.
declare module '*.css';
