/**
 * The browser's bar colour of each theme: the server writes shared-api's THEME_COLORS into the
 * page and applyTheme sets it on a switch; the style sheet's `--color-topbar-bg` is the top bar's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_COLORS, THEMES } from 'shared-api';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, '..', 'styles.css'), 'utf8');

function topBarOf(theme: string): string | undefined {
  const block = new RegExp(`html\\[data-theme="${theme}"\\] \\{([^}]*)\\}`).exec(css)?.[1];
  return /--color-topbar-bg:\s*([^;]+);/.exec(block ?? '')?.[1]?.trim();
}

describe('theme colours', () => {
  it("are each theme's top bar colour in the style sheet", () => {
    for (const theme of THEMES) expect(THEME_COLORS[theme], theme).toBe(topBarOf(theme));
  });
});
