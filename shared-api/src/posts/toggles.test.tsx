// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToggleQueue } from './toggles.ts';

afterEach(cleanup);

/** A favourite-like toggle whose server answers only when the test says so. */
function Harness({ calls }: { calls: { value: boolean; resolve: () => void }[] }) {
  const [confirmed, setConfirmed] = useState(false);
  const queue = useToggleQueue<boolean>(confirmed, (value) => {
    return new Promise<void>((resolve) => {
      calls.push({
        value,
        resolve: () => {
          setConfirmed(value);
          resolve();
        },
      });
    });
  });
  return (
    <button type="button" aria-pressed={confirmed} onClick={() => queue.push((current) => !current)}>
      serce
    </button>
  );
}

describe('useToggleQueue', () => {
  it('changes the screen only after the server answers and resolves fast clicks in order', async () => {
    const calls: { value: boolean; resolve: () => void }[] = [];
    render(<Harness calls={calls} />);
    const button = screen.getByRole('button');
    fireEvent.click(button); // wants true
    fireEvent.click(button); // wants false (waits)
    fireEvent.click(button); // wants true (replaces the waiting false)
    expect(calls.map((call) => call.value)).toEqual([true]);
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await act(async () => calls[0]!.resolve());
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // the last wish equals the confirmed state: no second call
    expect(calls.map((call) => call.value)).toEqual([true]);

    fireEvent.click(button);
    expect(calls.at(-1)!.value).toBe(false);
  });
});
