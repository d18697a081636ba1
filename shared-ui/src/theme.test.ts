/**
 * WCAG AA for every theme: parses styles.css and checks each text/background pair the components
 * use (4.5:1), and each non-text pair (borders, focus ring, presence dots: 3:1).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

function themeVars(theme: string): Record<string, string> {
  const selector = new RegExp(`html\\[data-theme=["']${theme}["']\\]\\s*\\{([^}]*)\\}`);
  const block = selector.exec(css)?.[1];
  if (!block) throw new Error(`no block for ${theme}`);
  const vars: Record<string, string> = {};
  for (const match of block.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g))
    vars[match[1]!.replace(/^color-/, '')] = match[2]!.trim();
  return vars;
}

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT_PAIRS: [string, string][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface-2'],
  ['text-muted', 'bg'],
  ['text-muted', 'surface'],
  ['text-muted', 'surface-2'],
  ['link', 'bg'],
  ['link', 'surface'],
  ['link', 'surface-2'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-hover'],
  ['on-danger', 'danger'],
  ['danger-text', 'surface'],
  ['danger-text', 'bg'],
  ['success-text', 'surface'],
  ['warning-text', 'surface'],
  ['topbar-text', 'topbar-bg'],
  ['badge-text', 'badge-bg'],
  ['upvote', 'surface'],
  ['downvote', 'surface'],
  ['toast-text', 'toast-bg'],
  ['banner-text', 'banner-bg'],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ['border-strong', 'surface'],
  ['border-strong', 'bg'],
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['online', 'surface'],
  ['away', 'surface'],
  ['progress', 'topbar-bg'],
];

describe.each(['dark', 'light', 'default'])('theme %s', (theme) => {
  const vars = themeVars(theme);
  it.each(TEXT_PAIRS)('%s on %s ≥ 4.5', (fg, bg) => {
    expect(vars[fg], fg).toMatch(/^#[0-9a-f]{6}$/);
    expect(vars[bg], bg).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(vars[fg]!, vars[bg]!)).toBeGreaterThanOrEqual(4.5);
  });
  it.each(NON_TEXT_PAIRS)('%s on %s ≥ 3', (fg, bg) => {
    expect(contrast(vars[fg]!, vars[bg]!)).toBeGreaterThanOrEqual(3);
  });
});
