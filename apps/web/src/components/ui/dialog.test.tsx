import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal } from './dialog';

function Harness({ withInitialFocus = false }: { withInitialFocus?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Abrir</Button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Título del diálogo"
        description="Una explicación breve."
        initialFocus={withInitialFocus ? actionRef : undefined}
      >
        <button ref={actionRef} type="button">
          Acción principal
        </button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('when closed, renders nothing', () => {
    render(<Modal isOpen={false} onClose={() => {}} title="Oculto" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when open, is a dialog named by its title and described by its description', async () => {
    render(<Modal isOpen onClose={() => {}} title="Hola" description="Bienvenida" />);
    const dialog = await screen.findByRole('dialog', { name: 'Hola' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Bienvenida');
    expect(screen.getByRole('heading', { name: 'Hola' })).toBeTruthy();
  });

  it('without an initial focus target, focuses the dialog itself when it opens', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });

  it('with an initial focus target, focuses it when it opens', async () => {
    render(<Harness withInitialFocus />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('dialog');
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Acción principal' }));
    });
  });

  it('when Escape is pressed, closes and gives the focus back to the button that opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('when "Cerrar" is clicked, calls onClose', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Con cierre" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
