import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DynamicForm } from '../dynamic-form';
import type { FormItem, FormValues, GetOptions } from '../types';

function renderForm(items: FormItem[], initialValues: FormValues) {
  const onSubmit = vi.fn<(values: FormValues) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DynamicForm items={items} initialValues={initialValues} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { submitted: () => onSubmit.mock.lastCall?.[0] };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const finish = () => fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

/** Catalogue-like sources: options are entries (value = id), filtered by the parent's id. */
const UNIVERSITIES = [
  { value: '1', label: 'Universidad de Murcia' },
  { value: '2', label: 'Universidad Complutense' },
];
const CAMPUSES: Record<string, { value: string; label: string }[]> = {
  '1': [{ value: '10', label: 'Facultad de Informática' }],
  '2': [
    { value: '20', label: 'Facultad de Informática' },
    { value: '21', label: 'Facultad de Bellas Artes' },
  ],
};
const DEGREES: Record<string, { value: string; label: string }[]> = {
  '10': [
    { value: '100', label: 'Grado en Ingeniería Informática' },
    { value: '101', label: 'Grado en Ciencia de Datos' },
  ],
  '20': [
    { value: '200', label: 'Grado en Ingeniería Informática' },
    { value: '201', label: 'Grado en Desarrollo de Videojuegos' },
  ],
  '21': [{ value: '210', label: 'Grado en Bellas Artes' }],
};

/** A source over a list chosen by the parents' values, answering `chosen` as the API does. */
function source(list: (values: FormValues) => { value: string; label: string }[]) {
  return vi.fn<GetOptions>(async ({ values, chosen }) => {
    const offered = list(values);
    return {
      options: chosen ? offered.filter((option) => chosen.includes(option.value)) : offered,
      hasMore: false,
    };
  });
}

describe('dependent select with static options (spec §4 Dependent select)', () => {
  const campuses: Record<string, string[]> = {
    'Universidad A': ['Campus Norte', 'Campus Sur'],
    'Universidad B': ['Campus Único'],
  };
  const items: FormItem[] = [
    { type: 'select', value: 'university', label: 'Universidad', options: Object.keys(campuses) },
    {
      type: 'select',
      value: 'campus',
      label: 'Campus',
      options: Object.values(campuses).flat(),
      dependency: {
        value: 'university',
        filter: (option, values) =>
          (campuses[values.university as string] ?? []).includes(option as string),
      },
    },
  ];

  it('when the parent changes, the now-invalid choice is dropped and the only real option is picked', async () => {
    const { submitted } = renderForm(items, {
      university: 'Universidad A',
      campus: 'Campus Norte',
    });
    const campus = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campus' });
    expect(campus.value).toBe('Campus Norte');
    choose('Universidad', 'Universidad B');
    await waitFor(() => {
      finish();
      expect(submitted()).toEqual({ university: 'Universidad B', campus: 'Campus Único' });
    });
    expect(
      within(campus)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona una opción', 'Campus Único', 'Otra']);
  });

  it('when the parent changes and the choice is still offered, it is kept', async () => {
    renderForm(
      [items[0]!, { ...items[1]!, dependency: { value: 'university', filter: () => true } }],
      { university: 'Universidad A', campus: 'Campus Norte' },
    );
    choose('Universidad', 'Universidad B');
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Universidad' }).value).toBe(
        'Universidad B',
      ),
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campus' }).value).toBe(
      'Campus Norte',
    );
  });
});

describe('dependent comboboxes on async sources', () => {
  it('when the parent changes, the choice is dropped if no longer offered and the only real option is picked', async () => {
    const { submitted } = renderForm(
      [
        { type: 'select', value: 'university', label: 'Universidad', options: UNIVERSITIES },
        {
          type: 'dynamicCombobox',
          value: 'campus',
          label: 'Campus',
          getOptions: source(() => [{ value: '30', label: 'Campus Único' }]),
          dependency: { value: 'university' },
        },
      ],
      { university: '1', campus: '10' },
    );
    choose('Universidad', '2');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Campus' }).value).toBe(
        'Campus Único',
      ),
    );
    finish();
    expect(submitted()).toEqual({ university: '2', campus: '30' });
  });

  it("when a teacher changes university and campus on step 1, step 2's degrees keep only those of the new campus", async () => {
    const items: FormItem[] = [
      {
        type: 'dynamicCombobox',
        value: 'university',
        label: 'Universidad',
        getOptions: source(() => UNIVERSITIES),
        step: 1,
      },
      {
        type: 'dynamicCombobox',
        value: 'campus',
        label: 'Campus',
        getOptions: source((values) => CAMPUSES[values.university as string] ?? []),
        dependency: { value: 'university' },
        step: 1,
      },
      {
        type: 'dynamicComboboxMultiple',
        value: 'degrees',
        label: 'Titulaciones',
        optional: true,
        getOptions: source((values) => DEGREES[values.campus as string] ?? []),
        dependency: { value: 'campus' },
        step: 2,
      },
    ];
    const { submitted } = renderForm(items, {
      university: '1',
      campus: '10',
      degrees: ['100', '101'],
    });
    // Complutense: its "Facultad de Informática" is another campus (another id) with the same name.
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Universidad Complutense' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Campus' }).value).toBe(''),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Campus' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Facultad de Bellas Artes' }));
    next();
    // The only degree of the new campus is taken; Murcia's are gone.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Opciones elegidas' }))
          .getAllByRole('listitem')
          .map((chip) => chip.textContent?.replace('×', '')),
      ).toEqual(['Grado en Bellas Artes']),
    );
    finish();
    expect(submitted()).toEqual({ university: '2', campus: '21', degrees: ['210'] });
  });

  it('when a choice is made while the parent change is being checked, the new choice stays', async () => {
    let answer = () => {};
    const getOptions = vi.fn<GetOptions>(async ({ values, chosen }) => {
      if (chosen) await new Promise<void>((resolve) => (answer = resolve));
      const offered = CAMPUSES[values.university as string] ?? [];
      return {
        options: chosen ? offered.filter((o) => chosen.includes(o.value)) : offered,
        hasMore: false,
      };
    });
    const { submitted } = renderForm(
      [
        { type: 'select', value: 'university', label: 'Universidad', options: UNIVERSITIES },
        {
          type: 'dynamicCombobox',
          value: 'campus',
          label: 'Campus',
          getOptions,
          dependency: { value: 'university' },
        },
      ],
      { university: '1' },
    );
    await waitFor(() => expect(getOptions).toHaveBeenCalled());
    fireEvent.change(screen.getByRole('combobox', { name: 'Campus' }), {
      target: { value: 'Bellas' },
    });
    choose('Universidad', '2');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Bellas Artes/ })).toBeNull());
    fireEvent.click(await screen.findByRole('option', { name: 'Facultad de Bellas Artes' }));
    answer();
    finish();
    expect(submitted()).toEqual({ university: '2', campus: '21' });
  });
});
