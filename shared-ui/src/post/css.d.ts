// Style sheets are bundled by rspack (type css/auto); to TypeScript they are side effects only.
declare module '*.css';
