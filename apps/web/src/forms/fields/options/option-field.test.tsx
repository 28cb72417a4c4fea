import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FormItem, FormValue, FormValues, GetOptions, OptionsPage } from '../../types';
import { jsonResponse, stubApi } from '../../../../test/api';
import { getUniversityOptions } from '../../catalogue';
import { limitReachedText } from './multiple-field';
import { OptionField } from './index';

/** A tiny form: holds the values and renders the items with OptionField, as the engine does. */
function Harness({
  items,
  initial = {},
  errors = {},
  onValues,
}: {
  items: FormItem[];
  initial?: FormValues;
  errors?: Record<string, string>;
  onValues?: (values: FormValues) => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  return (
    <>
      {items.map((item) => (
        <OptionField
          key={item.value}
          id={`field-${item.value}`}
          item={item}
          value={values[item.value]}
          values={values}
          error={errors[item.value]}
          onBlur={() => {}}
          onChange={(value: FormValue) =>
            setValues((current) => {
              const next = { ...current, [item.value]: value };
              onValues?.(next);
              return next;
            })
          }
        />
      ))}
    </>
  );
}

function renderFields(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onValues = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Harness onValues={onValues} {...props} />
    </QueryClientProvider>,
  );
  return { onValues, lastValues: () => onValues.mock.lastCall?.[0] as FormValues | undefined };
}

function optionNames() {
  return screen.queryAllByRole('option').map((option) => option.textContent);
}

/** A paged source of `total` names ("Universidad 01"…), 10 a page, filtered by search. */
function pagedSource(total: number) {
  const names = Array.from(
    { length: total },
    (_, i) => `Universidad ${String(i + 1).padStart(2, '0')}`,
  );
  return vi.fn<GetOptions>(async ({ search, page }): Promise<OptionsPage> => {
    const found = names.filter((name) => name.toLowerCase().includes(search.toLowerCase()));
    return { options: found.slice((page - 1) * 10, page * 10), hasMore: page * 10 < found.length };
  });
}

describe('select', () => {
  it('when rendered, it is labelled by the item label, offers the placeholder and "Otra" last', () => {
    renderFields({
      items: [
        { type: 'select', value: 'province', label: 'Provincia', options: ['Murcia', 'Cádiz'] },
      ],
    });
    const select = screen.getByRole('combobox', { name: 'Provincia' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Selecciona una opción', 'Murcia', 'Cádiz', 'Otra']);
  });

  it('when "Otra" is chosen, the value is the string "Otra"', () => {
    const { lastValues } = renderFields({
      items: [{ type: 'select', value: 'province', label: 'Provincia', options: ['Murcia'] }],
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Provincia' }), {
      target: { value: 'Otra' },
    });
    expect(lastValues()).toEqual({ province: 'Otra' });
  });

  it('when the field has an error, the control is invalid and described by the error text', () => {
    renderFields({
      items: [{ type: 'select', value: 'province', label: 'Provincia', options: ['Murcia'] }],
      errors: { province: 'Este campo es obligatorio.' },
    });
    const select = screen.getByRole('combobox', { name: 'Provincia' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const describedBy = select.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Este campo es obligatorio.');
  });
});

describe('dependent select', () => {
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
    const { lastValues } = renderFields({
      items,
      initial: { university: 'Universidad A', campus: 'Campus Norte' },
    });
    const campus = screen.getByRole('combobox', { name: 'Campus' });
    expect((campus as HTMLSelectElement).value).toBe('Campus Norte');
    fireEvent.change(screen.getByRole('combobox', { name: 'Universidad' }), {
      target: { value: 'Universidad B' },
    });
    await waitFor(() => expect(lastValues()?.campus).toBe('Campus Único'));
    expect(
      within(campus)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona una opción', 'Campus Único', 'Otra']);
  });

  it('when the parent changes and the choice is still offered, it is kept', async () => {
    const { lastValues } = renderFields({
      items: [items[0]!, { ...items[1]!, dependency: { value: 'university', filter: () => true } }],
      initial: { university: 'Universidad A', campus: 'Campus Norte' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Universidad' }), {
      target: { value: 'Universidad B' },
    });
    await waitFor(() => expect(lastValues()?.university).toBe('Universidad B'));
    expect(lastValues()?.campus).toBe('Campus Norte');
  });
});

describe('combobox with static options', () => {
  const item: FormItem = {
    type: 'combobox',
    value: 'province',
    label: 'Provincia',
    options: ['Murcia', 'Cádiz', 'Madrid'],
  };

  it('when typing and using only the keyboard, the filtered option is chosen with ArrowDown and Enter', () => {
    const { lastValues } = renderFields({ items: [item] });
    const input = screen.getByRole('combobox', { name: 'Provincia' });
    fireEvent.change(input, { target: { value: 'cadiz' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual(['Cádiz', 'Otra']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastValues()).toEqual({ province: 'Cádiz' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Cádiz');
  });

  it('when ArrowDown moves, the active option is announced through aria-activedescendant and Escape closes', () => {
    renderFields({ items: [item] });
    const input = screen.getByRole('combobox', { name: 'Provincia' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Cádiz');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('when the search matches nothing, only "Otra" is offered', () => {
    renderFields({ items: [item] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Provincia' }), {
      target: { value: 'zzz' },
    });
    expect(optionNames()).toEqual(['Otra']);
  });

  it('when focus leaves, the list stays open until 250 ms have passed', () => {
    vi.useFakeTimers();
    try {
      renderFields({ items: [item] });
      const input = screen.getByRole('combobox', { name: 'Provincia' });
      fireEvent.click(input);
      fireEvent.blur(input);
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(input.getAttribute('aria-expanded')).toBe('true');
      act(() => {
        vi.advanceTimersByTime(60);
      });
      expect(input.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dynamicCombobox', () => {
  it('when opened, "Cargando..." shows until the first page arrives, then its options plus "Otra"', async () => {
    const getOptions = pagedSource(3);
    renderFields({
      items: [{ type: 'dynamicCombobox', value: 'university', label: 'Universidad', getOptions }],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    await waitFor(() =>
      expect(optionNames()).toEqual(['Universidad 01', 'Universidad 02', 'Universidad 03', 'Otra']),
    );
    expect(getOptions).toHaveBeenCalledWith(expect.objectContaining({ page: 1, search: '' }));
  });

  it('when scrolled within 100 px of the bottom, the next page of 10 is loaded and appended', async () => {
    const getOptions = pagedSource(25);
    renderFields({
      items: [{ type: 'dynamicCombobox', value: 'university', label: 'Universidad', getOptions }],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    await waitFor(() => expect(optionNames()).toHaveLength(11));
    const list = screen.getByRole('listbox', { name: 'Universidad' });
    Object.defineProperties(list, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 300 },
    });
    list.scrollTop = 500; // 200 px from the bottom: not yet
    fireEvent.scroll(list);
    expect(getOptions).toHaveBeenCalledTimes(1);
    list.scrollTop = 620; // 80 px from the bottom
    fireEvent.scroll(list);
    await waitFor(() => expect(optionNames()).toHaveLength(21));
    expect(getOptions).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('when the source answers nothing without a search, "No se encontraron resultados" is shown', async () => {
    renderFields({
      items: [
        {
          type: 'dynamicCombobox',
          value: 'university',
          label: 'Universidad',
          getOptions: async () => ({ options: [], hasMore: false }),
        },
      ],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('No se encontraron resultados'),
    );
  });

  it('when a search finds nothing, only "Otra" is shown and no empty message', async () => {
    const getOptions = pagedSource(3);
    renderFields({
      items: [{ type: 'dynamicCombobox', value: 'university', label: 'Universidad', getOptions }],
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Universidad' }), {
      target: { value: 'nada' },
    });
    await waitFor(() =>
      expect(getOptions).toHaveBeenCalledWith(expect.objectContaining({ search: 'nada' })),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(optionNames()).toEqual(['Otra']);
  });

  it('when the fetch fails, the error is logged and the list is empty but for "Otra"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFields({
      items: [
        {
          type: 'dynamicCombobox',
          value: 'university',
          label: 'Universidad',
          getOptions: async () => {
            throw new Error('caído');
          },
        },
      ],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(optionNames()).toEqual(['Otra']));
  });

  it('when the parent changes, the choice is dropped if no longer offered and the only real option is picked', async () => {
    const byUniversity: Record<string, string[]> = {
      A: ['Campus A1', 'Campus A2'],
      B: ['Campus B1'],
    };
    const getOptions = vi.fn<GetOptions>(async ({ values }) => ({
      options: byUniversity[values.university as string] ?? [],
      hasMore: false,
    }));
    const { lastValues } = renderFields({
      items: [
        { type: 'select', value: 'university', label: 'Universidad', options: ['A', 'B'] },
        {
          type: 'dynamicCombobox',
          value: 'campus',
          label: 'Campus',
          getOptions,
          dependency: { value: 'university' },
        },
      ],
      initial: { university: 'A', campus: 'Campus A2' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Universidad' }), {
      target: { value: 'B' },
    });
    await waitFor(() => expect(lastValues()?.campus).toBe('Campus B1'));
  });
});

describe('dynamicComboboxMultiple', () => {
  it('when options are chosen with the keyboard, they show as chips whose remove buttons are named', async () => {
    const { lastValues } = renderFields({
      items: [
        {
          type: 'dynamicComboboxMultiple',
          value: 'degrees',
          label: 'Grados',
          getOptions: pagedSource(3),
        },
      ],
    });
    const input = screen.getByRole('combobox', { name: 'Grados' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(optionNames()).toHaveLength(4));
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastValues()).toEqual({ degrees: ['Universidad 01', 'Universidad 02'] });
    expect(
      screen.getByRole('listbox', { name: 'Grados' }).getAttribute('aria-multiselectable'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Universidad 01' }));
    expect(lastValues()).toEqual({ degrees: ['Universidad 02'] });
    expect(screen.queryByRole('button', { name: 'Quitar Universidad 01' })).toBeNull();
  });
});

describe('multiple', () => {
  it('when maxLength boxes are ticked, the others are disabled and a message says why', () => {
    const { lastValues } = renderFields({
      items: [
        {
          type: 'multiple',
          value: 'tags',
          label: 'Intereses',
          options: ['Arte', 'Música', 'Salud'],
          maxLength: 2,
        },
      ],
    });
    const group = screen.getByRole('group', { name: 'Intereses' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Arte' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Salud' }));
    expect(lastValues()).toEqual({ tags: ['Arte', 'Salud'] });
    expect(within(group).getByRole('checkbox', { name: 'Música' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(group).getByRole('checkbox', { name: 'Otra' })).toHaveProperty('disabled', true);
    expect(within(group).getByRole('checkbox', { name: 'Arte' })).toHaveProperty('disabled', false);
    expect(screen.getByText(limitReachedText(2))).toBeTruthy();
  });

  it('when there is no maxLength, every box can be ticked', () => {
    const { lastValues } = renderFields({
      items: [{ type: 'multiple', value: 'tags', label: 'Intereses', options: ['Arte', 'Música'] }],
    });
    for (const name of ['Arte', 'Música', 'Otra']) {
      fireEvent.click(screen.getByRole('checkbox', { name }));
    }
    expect(lastValues()).toEqual({ tags: ['Arte', 'Música', 'Otra'] });
  });

  it('when the group has an error, it is invalid and described by the error', () => {
    renderFields({
      items: [{ type: 'multiple', value: 'tags', label: 'Intereses', options: ['Arte'] }],
      errors: { tags: 'Este campo es obligatorio.' },
    });
    const group = screen.getByRole('group', { name: 'Intereses' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const ids = (group.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((i) => document.getElementById(i)?.textContent)).toContain(
      'Este campo es obligatorio.',
    );
  });
});

describe('outside a QueryClientProvider', () => {
  it('when a dynamic combobox is rendered without the app providers, it still loads its options', async () => {
    render(
      <OptionField
        id="field-university"
        item={{
          type: 'dynamicCombobox',
          value: 'university',
          label: 'Universidad',
          getOptions: pagedSource(2),
        }}
        value={undefined}
        values={{}}
        onChange={() => {}}
        onBlur={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    await waitFor(() =>
      expect(optionNames()).toEqual(['Universidad 01', 'Universidad 02', 'Otra']),
    );
  });
});

describe('dynamicCombobox on the catalogue', () => {
  it('when the user types a search, after the pause one call asks the universities API for it', async () => {
    const fetchMock = stubApi({
      '/api/universities/names': () =>
        jsonResponse({
          data: [{ id: 1, attributes: { name: 'Universidad de Murcia' } }],
          meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } },
        }),
    });
    const { lastValues } = renderFields({
      items: [
        {
          type: 'dynamicCombobox',
          value: 'university',
          label: 'Universidad',
          getOptions: getUniversityOptions,
        },
      ],
    });
    const input = screen.getByRole('combobox', { name: 'Universidad' });
    fireEvent.change(input, { target: { value: 'm' } });
    fireEvent.change(input, { target: { value: 'murcia' } });
    const searches = () =>
      fetchMock.mock.calls
        .map(([url]) => decodeURIComponent(url as string))
        .filter((url) => url.includes('$contains'));
    await waitFor(() => expect(searches()).toHaveLength(1));
    await waitFor(() => expect(optionNames()).toEqual(['Universidad de Murcia', 'Otra']));
    expect(searches()).toEqual([
      '/api/universities/names?pagination[page]=1&pagination[pageSize]=10&filters[name][$contains]=murcia',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Universidad de Murcia' }));
    expect(lastValues()).toEqual({ university: 'Universidad de Murcia' });
  });
});

describe('dynamicComboboxMultiple from the keyboard', () => {
  it('when Backspace is pressed in the empty input, the last choice is removed', () => {
    const { lastValues } = renderFields({
      items: [
        {
          type: 'dynamicComboboxMultiple',
          value: 'degrees',
          label: 'Grados',
          getOptions: pagedSource(3),
        },
      ],
      initial: { degrees: ['Universidad 01', 'Universidad 02'] },
    });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Grados' }), { key: 'Backspace' });
    expect(lastValues()).toEqual({ degrees: ['Universidad 01'] });
  });
});
