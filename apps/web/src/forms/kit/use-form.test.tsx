import { requiredText } from '@plataforma/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useForm } from './use-form';

const schema = z.object({ name: requiredText(20), city: requiredText(20) });

function Form({ onValid }: { onValid: (data: z.infer<typeof schema>) => void }) {
  const form = useForm({ name: 'Ana', city: '' }, schema);
  const field = (name: 'name' | 'city', label: string) => {
    const { error, ...props } = form.textProps(name);
    return (
      <label>
        {label}
        <input {...props} aria-invalid={error ? true : undefined} />
        {error ? <span role="alert">{error}</span> : null}
      </label>
    );
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      {field('name', 'Nombre')}
      {field('city', 'Ciudad')}
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('useForm (the form kit)', () => {
  it('shows a field’s error once it is left, in the table’s Spanish, and follows every change', () => {
    render(<Form onValid={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    fireEvent.change(name, { target: { value: ' ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(name);
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    fireEvent.change(name, { target: { value: 'Ana' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not show the error when the focus leaves for a button, so the click is not lost', () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const city = screen.getByRole('textbox', { name: 'Ciudad' });
    fireEvent.blur(city, { relatedTarget: screen.getByRole('button', { name: 'Guardar' }) });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    expect(document.activeElement).toBe(city);
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(city, { target: { value: '  Lorca ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ana', city: 'Lorca' }, expect.anything());
  });
});
