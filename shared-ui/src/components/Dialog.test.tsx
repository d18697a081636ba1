// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog.tsx';

afterEach(cleanup);

function Harness({ second = false }: { second?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Otwórz
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Zgłoś wpis">
        <button type="button">Pierwszy</button>
        <a href="/terms">Regulamin</a>
        {second && (
          <button type="button" onClick={() => setInner(true)}>
            Więcej
          </button>
        )}
        <Dialog open={inner} onClose={() => setInner(false)} title="Wewnętrzny">
          <button type="button">Środek</button>
        </Dialog>
      </Dialog>
    </div>
  );
}

const tab = (shift = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

describe('<Dialog>', () => {
  it('is an accessible modal labelled by its title', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Otwórz'));
    const dialog = screen.getByRole('dialog', { name: 'Zgłoś wpis' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('moves focus inside and traps Tab / Shift+Tab', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Otwórz'));
    const close = screen.getByRole('button', { name: 'Zamknij' });
    const link = screen.getByText('Regulamin');
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(link);
    tab();
    expect(document.activeElement).toBe(close);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    render(<Harness />);
    const opener = screen.getByText('Otwórz');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('Escape closes only the top dialog of a stack', () => {
    render(<Harness second />);
    fireEvent.click(screen.getByText('Otwórz'));
    const more = screen.getByText('Więcej');
    more.focus();
    fireEvent.click(more);
    expect(screen.getByRole('dialog', { name: 'Wewnętrzny' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Wewnętrzny' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Zgłoś wpis' })).toBeTruthy();
    expect(document.activeElement).toBe(more);
  });

  it('closes on a click on the backdrop, not inside', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Otwórz'));
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    const backdrop = dialog.parentElement!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
