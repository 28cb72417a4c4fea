import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DynamicForm } from './dynamic-form';
import type { FormItem } from './types';

const wizard: FormItem[] = [
  { type: 'text', value: 'name', label: 'Nombre', step: 1 },
  { type: 'information', value: 'intro', label: 'Cuéntanos más', step: 2 },
  { type: 'text', value: 'city', label: 'Ciudad', step: 2 },
  {
    type: 'text',
    value: 'province',
    label: 'Provincia',
    step: 2,
    condition: (values) => values.city === 'Otra',
  },
  { type: 'checkbox', value: 'terms', label: 'Acepto las condiciones', step: 3 },
];

function type(label: string, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

describe('DynamicForm steps', () => {
  it('on step 1 the progress is 0, "Anterior" is disabled and only step 1 items show', () => {
    render(<DynamicForm items={wizard} onSubmit={vi.fn()} />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(true);
    expect(screen.getByLabelText('Nombre')).toBeTruthy();
    expect(screen.queryByLabelText('Ciudad')).toBeNull();
  });

  it('when "Siguiente" is pressed with an invalid step, it stays, shows the error and focuses the field', () => {
    render(<DynamicForm items={wizard} onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    const name = screen.getByLabelText('Nombre');
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('when the step is valid, "Siguiente" advances to 50%, hides failing conditions, and "Anterior" goes back keeping values', () => {
    render(<DynamicForm items={wizard} onSubmit={vi.fn()} />);
    type('Nombre', 'Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Cuéntanos más')).toBeTruthy();
    expect(screen.queryByLabelText('Provincia')).toBeNull();
    type('Ciudad', 'Otra');
    expect(screen.getByLabelText('Provincia')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('Ana');
  });

  it('when a new step shows, the focus moves to its top, named "Paso n de m"; it stays put on the first render', () => {
    render(<DynamicForm items={wizard} onSubmit={vi.fn()} />);
    expect(document.activeElement).toBe(document.body);
    type('Nombre', 'Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Paso 2 de 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Paso 1 de 3' }));
  });

  it('on the last step "Finalizar" validates, then submits only the shown values', () => {
    const onSubmit = vi.fn();
    render(<DynamicForm items={wizard} onSubmit={onSubmit} />);
    type('Nombre', 'Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    type('Ciudad', 'Otra');
    type('Provincia', 'Soria');
    type('Ciudad', 'Madrid');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(screen.getByRole('alert').textContent).toBe('Aceptar este campo es obligatorio.');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Acepto las condiciones'));
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', city: 'Madrid', terms: true }, 'submit');
  });

  it('when the form has one step, there is no progress bar and no "Anterior"', () => {
    render(
      <DynamicForm items={[{ type: 'text', value: 'a', label: 'Campo' }]} onSubmit={vi.fn()} />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anterior' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Finalizar' })).toBeTruthy();
  });
});

describe('DynamicForm validation on change', () => {
  it('when a field changes, its error appears or goes at once', () => {
    render(
      <DynamicForm
        items={[{ type: 'text', value: 'code', label: 'Código', pattern: '^\\d{4}$' }]}
        onSubmit={vi.fn()}
      />,
    );
    type('Código', '12a');
    expect(screen.getByRole('alert').textContent).toBe('Formato no válido.');
    type('Código', '1234');
    expect(screen.queryByRole('alert')).toBeNull();
    type('Código', '');
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
  });

  it('when "Otra" is chosen the extension field shows; choosing another option hides it and drops its value', () => {
    const onSubmit = vi.fn();
    render(
      <DynamicForm
        items={[
          {
            type: 'select',
            value: 'university',
            label: 'Universidad',
            options: ['UAM', 'Otra'],
            extension: {
              options: ['Otra'],
              field: { type: 'text', value: 'university_other', label: '¿Cuál?' },
            },
          },
        ]}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByLabelText('¿Cuál?')).toBeNull();
    fireEvent.change(screen.getByLabelText('Universidad'), { target: { value: 'Otra' } });
    type('¿Cuál?', 'UNED');
    fireEvent.change(screen.getByLabelText('Universidad'), { target: { value: 'UAM' } });
    expect(screen.queryByLabelText('¿Cuál?')).toBeNull();
    fireEvent.change(screen.getByLabelText('Universidad'), { target: { value: 'Otra' } });
    expect(screen.getByLabelText<HTMLInputElement>('¿Cuál?').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('defaults fill the fields and an information item never blocks submitting', () => {
    const onSubmit = vi.fn();
    render(
      <DynamicForm
        items={[
          { type: 'information', value: 'note', label: 'Lee esto' },
          { type: 'number', value: 'hours', label: 'Horas', default: 3 },
        ]}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Horas').value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(onSubmit).toHaveBeenCalledWith({ hours: 3 }, 'submit');
  });
});

describe('DynamicForm keyboard', () => {
  it('when "Finalizar" finds an unanswered competence, its first point takes the focus and the group says the error', () => {
    render(
      <DynamicForm
        items={[{ type: 'competence', value: 'q1', label: 'Me adapto a los cambios' }]}
        onSubmit={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(document.activeElement).toBe(screen.getByLabelText('0 (Totalmente en desacuerdo)'));
    const group = screen.getByRole('radiogroup', { name: 'Me adapto a los cambios' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('with several final buttons and step titles, each button submits with its key and every step has its heading', () => {
    const onSubmit = vi.fn();
    render(
      <DynamicForm
        items={[
          { type: 'text', value: 'title', label: 'Título', step: 1 },
          { type: 'text', value: 'place', label: 'Lugar', step: 2 },
        ]}
        stepTitles={['El proyecto', 'Dónde']}
        actions={[
          { key: 'draft', label: 'Guardar borrador', variant: 'secondary' },
          { key: 'review', label: 'Enviar a revisión' },
        ]}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('group', { name: /Paso 1 de 2\s*El proyecto/ })).toBeTruthy();
    type('Título', 'Huerto');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('heading', { name: /Paso 2 de 2\s*Dónde/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(onSubmit).not.toHaveBeenCalled();
    type('Lugar', 'Murcia');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ title: 'Huerto', place: 'Murcia' }, 'review');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ title: 'Huerto', place: 'Murcia' }, 'draft');
  });
});
