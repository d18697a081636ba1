import { defineApp } from '../rspack.base.ts';

export default defineApp({ dir: import.meta.dirname, name: 'shell' });
