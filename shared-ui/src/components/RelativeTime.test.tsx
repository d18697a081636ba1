// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFullDate } from '../lib/relativeTime.ts';
import { RelativeTime } from './RelativeTime.tsx';

afterEach(cleanup);

const WRITTEN = '2026-11-22T03:05:00Z';

describe('a relative date', () => {
  it('says how long ago, with the full date in the visitor’s own time as its title', () => {
    const { container } = render(<RelativeTime date={WRITTEN} />);
    const time = container.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-22T03:05:00.000Z');
    expect(time.textContent).toMatch(/temu$/);
    expect(time.title).toBe(formatFullDate(WRITTEN));
    expect(time.title).toMatch(/^niedziela, 22 listopada 2026 \d\d:05$/);
  });

  it('is drawn without a title where the visitor’s clock is not known (the server)', () => {
    const html = renderToString(<RelativeTime date={WRITTEN} />);
    expect(html).toContain('dateTime="2026-11-22T03:05:00.000Z"');
    expect(html).not.toContain('title=');
  });

  it('takes the title of a new date', () => {
    const { container, rerender } = render(<RelativeTime date={WRITTEN} />);
    rerender(<RelativeTime date="2026-01-05T08:07:00Z" />);
    expect(container.querySelector('time')!.title).toBe(formatFullDate('2026-01-05T08:07:00Z'));
  });
});
