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

/** Gives a listbox the layout jsdom lacks: 300 px high, 40 px per option. */
function withListLayout(list: HTMLElement) {
  Object.defineProperties(list, {
    scrollHeight: {
      configurable: true,
      get: () => list.querySelectorAll('[role="option"]').length * 40,
    },
    clientHeight: { configurable: true, value: 300 },
  });
}

/** Every listbox rendered meanwhile is `height` px high with 40 px options; undone by the result. */
function withListboxHeight(height: number) {
  const proto = HTMLElement.prototype;
  const client = Object.getOwnPropertyDescriptor(proto, 'clientHeight');
  const scroll = Object.getOwnPropertyDescriptor(proto, 'scrollHeight');
  const isList = (element: HTMLElement) => element.getAttribute('role') === 'listbox';
  Object.defineProperties(proto, {
    clientHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isList(this) ? height : 0;
      },
    },
    scrollHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isList(this) ? this.querySelectorAll('[role="option"]').length * 40 : 0;
      },
    },
  });
  return () => {
    for (const [name, descriptor] of [
      ['clientHeight', client],
      ['scrollHeight', scroll],
    ] as const) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else Reflect.deleteProperty(proto, name);
    }
  };
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
  it('when opened, "Cargando..." shows alone (no "Otra") until the first page arrives, then its options plus "Otra"', async () => {
    const source = pagedSource(3);
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const getOptions = vi.fn<GetOptions>(async (args) => {
      await arrived;
      return source(args);
    });
    renderFields({
      items: [{ type: 'dynamicCombobox', value: 'university', label: 'Universidad', getOptions }],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    await waitFor(() => expect(getOptions).toHaveBeenCalled());
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    expect(optionNames()).toEqual([]);
    arrive();
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
    withListLayout(list);
    list.scrollTop = 30; // 11 options of 40 px in 300: 110 px from the bottom, not yet
    fireEvent.scroll(list);
    expect(getOptions).toHaveBeenCalledTimes(1);
    list.scrollTop = 60; // 80 px from the bottom
    fireEvent.scroll(list);
    await waitFor(() => expect(optionNames()).toHaveLength(21));
    expect(getOptions).toHaveBeenCalledTimes(2);
    expect(getOptions).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('when scroll events come faster than the next page, it is asked for once', async () => {
    const getOptions = pagedSource(25);
    renderFields({
      items: [{ type: 'dynamicCombobox', value: 'university', label: 'Universidad', getOptions }],
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Universidad' }));
    await waitFor(() => expect(optionNames()).toHaveLength(11));
    const list = screen.getByRole('listbox', { name: 'Universidad' });
    withListLayout(list);
    for (const top of [60, 70, 80, 90]) {
      list.scrollTop = top;
      fireEvent.scroll(list);
    }
    await waitFor(() => expect(optionNames()).toHaveLength(21));
    expect(getOptions.mock.calls.map(([args]) => args.page)).toEqual([1, 2]);
  });

  it('when the first page does not fill the list, the next one is asked for without scrolling', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Campus ${i + 1}`);
    const getOptions = vi.fn<GetOptions>(async ({ page }) => ({
      options: names.slice((page - 1) * 3, page * 3),
      hasMore: page * 3 < names.length,
    }));
    const restore = withListboxHeight(300);
    try {
      renderFields({
        items: [{ type: 'dynamicCombobox', value: 'campus', label: 'Campus', getOptions }],
      });
      fireEvent.click(screen.getByRole('combobox', { name: 'Campus' }));
      await waitFor(() => expect(optionNames()).toHaveLength(7));
      expect(getOptions.mock.calls.map(([args]) => args.page)).toEqual([1, 2]);
    } finally {
      restore();
    }
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
    // The option holds the entry's id; the field shows its name.
    expect(lastValues()).toEqual({ university: '1' });
    expect((input as HTMLInputElement).value).toBe('Universidad de Murcia');
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
