import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiFull, fakeApi, jsonResponse, strapiError } from '../../../test/api';
import { FormField } from '../form-field';
import type { FormItem, FormValue } from '../types';
import { validateItem } from '../engine/validation';
import { askPhoneWhenMissing } from './phone-field';

/** One field wired as the engine wires it: value, change and the spec §5 error. */
function Harness({ item, initial }: { item: FormItem; initial?: FormValue }) {
  const [value, setValue] = useState<FormValue>(initial);
  const [error, setError] = useState<string>();
  return (
    <>
      <FormField
        item={item}
        id="field"
        value={value}
        values={{ [item.value]: value }}
        error={error}
        onChange={(next) => {
          setValue(next);
          setError(validateItem(item, next, { [item.value]: next }));
        }}
        onBlur={() => {}}
      />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

function shownValue(): unknown {
  return JSON.parse(screen.getByTestId('value').textContent ?? 'null');
}

describe('text and textarea', () => {
  it('a text field is labelled and announces its error tied by aria-describedby', () => {
    render(<Harness item={{ type: 'text', value: 'name', label: 'Nombre', maxLength: 3 }} />);
    const input = screen.getByLabelText('Nombre');
    fireEvent.change(input, { target: { value: 'Anabel' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Longitud máxima alcanzada.');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('a textarea has 8 rows and a counter current/max that turns red when exceeded', () => {
    render(
      <Harness item={{ type: 'textarea', value: 'about', label: 'Sobre ti', maxLength: 5 }} />,
    );
    const area = screen.getByLabelText('Sobre ti');
    expect(area.getAttribute('rows')).toBe('8');
    const counter = screen.getByTestId('textarea-counter');
    expect(counter.textContent).toBe('0/5');
    expect(counter.className).not.toContain('text-red-700');
    fireEvent.change(area, { target: { value: 'abcdef' } });
    expect(counter.textContent).toBe('6/5');
    expect(counter.className).toContain('text-red-700');
    expect(area.getAttribute('aria-describedby')).toContain(counter.id);
  });

  it('a textarea without maximum shows no counter', () => {
    render(<Harness item={{ type: 'textarea', value: 'about', label: 'Sobre ti' }} />);
    expect(screen.queryByTestId('textarea-counter')).toBeNull();
  });
});

describe('information and checkbox', () => {
  it('an information item is text only, with no control', () => {
    render(
      <Harness item={{ type: 'information', value: 'i', label: 'Aviso', sublabel: 'Detalle' }} />,
    );
    expect(screen.getByText('Aviso')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('unchecking a required checkbox says "Aceptar este campo es obligatorio."', () => {
    render(<Harness item={{ type: 'checkbox', value: 't', label: 'Acepto' }} />);
    const box = screen.getByRole('checkbox', { name: 'Acepto' });
    fireEvent.click(box);
    expect(shownValue()).toBe(true);
    fireEvent.click(box);
    expect(screen.getByRole('alert').textContent).toBe('Aceptar este campo es obligatorio.');
  });
});

describe('number', () => {
  it('has minimum 0 and step 1, holds numbers, and an emptied input is required', () => {
    render(<Harness item={{ type: 'number', value: 'n', label: 'Horas' }} />);
    const input = screen.getByRole('spinbutton', { name: 'Horas' });
    expect(input.getAttribute('min')).toBe('0');
    expect(input.getAttribute('step')).toBe('1');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(shownValue()).toBe(2.5);
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
  });

  it('with a range, the input stops at its ends and a number outside it says which are allowed', () => {
    render(
      <Harness
        item={{
          type: 'number',
          value: 'n',
          label: 'Horas a la semana',
          range: { min: 1, max: 40, integer: true },
        }}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Horas a la semana' });
    expect([input.getAttribute('min'), input.getAttribute('max')]).toEqual(['1', '40']);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '45' } });
    expect(screen.getByRole('alert').textContent).toBe('Escribe un número entero entre 1 y 40.');
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('month', () => {
  it('typing dd/MM/yyyy stores MM/yyyy; other text says "Formato no válido."', () => {
    render(<Harness item={{ type: 'month', value: 'm', label: 'Mes de entrega' }} />);
    const input = screen.getByLabelText('Mes de entrega');
    fireEvent.change(input, { target: { value: '15/03/2024' } });
    expect(shownValue()).toBe('03/2024');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('03/2024');
    fireEvent.change(input, { target: { value: '13/2024' } });
    expect(screen.getByRole('alert').textContent).toBe('Formato no válido.');
  });
});

describe('date', () => {
  it('typing dd/MM/yyyy stores yyyy-MM-dd and an impossible day says "Formato no válido."', () => {
    render(<Harness item={{ type: 'date', value: 'd', label: 'Fecha límite' }} />);
    const input = screen.getByLabelText('Fecha límite');
    fireEvent.change(input, { target: { value: '05/02/2024' } });
    expect(shownValue()).toBe('2024-02-05');
    fireEvent.change(input, { target: { value: '30/02/2024' } });
    expect(screen.getByRole('alert').textContent).toBe('Formato no válido.');
  });

  it('the calendar is Spanish, starts the week on Monday, and picking a day fills the field', async () => {
    render(
      <Harness item={{ type: 'date', value: 'd', label: 'Fecha límite' }} initial="2024-02-05" />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Fecha límite').value).toBe('05/02/2024');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    const grid = await screen.findByRole('grid');
    expect(grid.getAttribute('aria-label')).toMatch(/febrero 2024/i);
    // The weekday row is hidden from assistive technology (each day's name says its weekday).
    const headers = grid.querySelectorAll('th[scope="col"]');
    expect(headers[0]?.getAttribute('aria-label')).toMatch(/lunes/i);
    expect(headers[6]?.getAttribute('aria-label')).toMatch(/domingo/i);
    fireEvent.click(within(grid).getByRole('button', { name: /14 de febrero/i }));
    expect(shownValue()).toBe('2024-02-14');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Fecha límite').value).toBe('14/02/2024');
  });
});

describe('date by keyboard', () => {
  it('Enter on "Abrir calendario" opens it with the chosen day focused; Escape closes it', async () => {
    render(
      <Harness item={{ type: 'date', value: 'd', label: 'Fecha límite' }} initial="2024-02-05" />,
    );
    const opener = screen.getByRole('button', { name: 'Abrir calendario' });
    opener.focus();
    fireEvent.keyDown(opener, { key: 'Enter' });
    const grid = await screen.findByRole('grid');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/5 de febrero/i),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(grid.isConnected).toBe(false));
  });
});

describe('phone', () => {
  const phone: FormItem = { type: 'phone', value: 'p', label: 'Teléfono' };
  const country = () =>
    screen.getByRole<HTMLSelectElement>('combobox', { name: 'Prefijo del país' });

  it('shows Spain (+34) as the country, changeable, and the placeholder "(+XX) XXXXXXXXX"', () => {
    render(<Harness item={phone} />);
    const input = screen.getByLabelText('Teléfono');
    expect(input.getAttribute('placeholder')).toBe('(+XX) XXXXXXXXX');
    expect(input.getAttribute('type')).toBe('tel');
    expect(country().value).toBe('ES');
    expect(country().selectedOptions[0]?.textContent).toBe('España (+34)');
    expect(screen.getByText('+34')).toBeTruthy();
    // The flag is our own file (the library's default fetches it from another site).
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/3x2\/ES\.svg/);
    // Spain first, then every country by its Spanish name with its code.
    expect(country().options[0]?.textContent).toBe('España (+34)');
    expect([...country().options].map((o) => o.textContent)).toContain('Reino Unido (+44)');
  });

  it('a Spanish number typed without prefix is held in E.164 (+34)', () => {
    render(<Harness item={phone} />);
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '612 345 678' } });
    expect(shownValue()).toBe('+34612345678');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an incomplete number says "Formato no válido."', () => {
    render(<Harness item={phone} />);
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '600 12' } });
    expect(screen.getByRole('alert').textContent).toBe('Formato no válido.');
  });

  it('another country is chosen in the select, or typed with its prefix', () => {
    render(<Harness item={phone} />);
    fireEvent.change(country(), { target: { value: 'GB' } });
    expect(screen.getByText('+44')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '20 7946 0958' } });
    expect(shownValue()).toBe('+442079460958');
  });

  it('a phone stored before in national form is shown with its country', () => {
    render(<Harness item={phone} initial="968 000 000" />);
    expect(country().value).toBe('ES');
    expect(screen.getByLabelText<HTMLInputElement>('Teléfono').value.replace(/\s/g, '')).toBe(
      '968000000',
    );
  });

  it('askPhoneWhenMissing shows the item only to a user with no phone, with the profile pattern', () => {
    const item: FormItem = { type: 'phone', value: 'phone', label: 'Teléfono' };
    expect(askPhoneWhenMissing(item, '600123456').condition?.({})).toBe(false);
    const asked = askPhoneWhenMissing(item, null);
    expect(asked.condition?.({})).toBe(true);
    expect(validateItem(asked, '+34 (91) 123 45 67', {})).toBeUndefined();
  });
});

describe('file', () => {
  const cv: FormItem = { type: 'file', value: 'cv', label: 'Currículum' };

  /** The browser's file input, hidden behind the Spanish button. */
  function picker(): HTMLInputElement {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  }

  function choose(file: File) {
    fireEvent.change(picker(), { target: { files: [file] } });
  }

  /** A promise the test settles when it chooses (a slow upload). */
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  const stored = [{ id: 7, name: 'cv.pdf', size: 12.34, url: '/api/upload/files/7/content' }];

  it("is a Spanish button and text instead of the browser's own file input, with the 15MB hint and the spec §5 types", () => {
    render(<Harness item={cv} />);
    const button = screen.getByRole('button', { name: 'Currículum Elegir archivo' });
    expect(screen.getByLabelText('Currículum')).toBe(button);
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toMatch(/field-hint/);
    expect(screen.getByText('El archivo debe pesar menos de 15MB.')).toBeTruthy();
    expect(picker().hidden).toBe(true);
    expect(picker().getAttribute('accept')).toBe('.pdf,.png,.jpg,.jpeg,.webp,.avif,.svg');
    const opened = vi.spyOn(picker(), 'click');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('when the type is not allowed, alerts "Archivo no permitido. Solo se aceptan: {list}" and uploads nothing', () => {
    const api = fakeApi({ frame: false });
    render(<Harness item={cv} />);
    choose(new File(['x'], 'virus.exe'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Archivo no permitido. Solo se aceptan: pdf, png, jpg, jpeg, webp, avif, svg',
    );
    expect(api.calls).toEqual([]);
  });

  it('when the file weighs more than 15MB, refuses it and uploads nothing', () => {
    const api = fakeApi({ frame: false });
    render(<Harness item={cv} />);
    const big = new File(['x'], 'cv.pdf');
    Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
    choose(big);
    expect(screen.getByRole('alert').textContent).toBe(
      'El archivo pesa más de 15MB y no se puede subir.',
    );
    expect(api.calls).toEqual([]);
  });

  it('an allowed file is posted to /api/upload and shown with its size in KB to one decimal', async () => {
    const api = fakeApi({
      frame: false,
      routes: { 'POST /api/upload': () => jsonResponse(stored, 201) },
    });
    render(<Harness item={cv} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('cv.pdf (12,1 KB)')).toBeTruthy();
    const [post] = api.callsTo('POST', '/api/upload');
    expect((post?.body as FormData).get('files')).toBeInstanceOf(File);
    expect(post?.headers.Authorization).toBeUndefined();
    expect(shownValue()).toEqual({
      id: 7,
      name: 'cv.pdf',
      size: 12.34,
      url: '/api/upload/files/7/content',
    });
    expect(screen.getByRole('button', { name: 'Currículum Cambiar archivo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar archivo' }));
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
  });

  it('shows the progress of the upload as a progress bar with its percentage', async () => {
    const answer = deferred<Response>();
    let report: ((loaded: number, total: number) => void) | undefined;
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ reportProgress }) => {
          report = reportProgress;
          return answer.promise;
        },
      },
    });
    render(<Harness item={cv} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));

    const bar = await screen.findByRole('progressbar', {
      name: 'Progreso de la subida de «cv.pdf»',
    });
    expect(screen.getByText('Subiendo «cv.pdf»…').getAttribute('role')).toBe('status');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(report).toBeDefined());
    act(() => report?.(4_500_000, 10_000_000));
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45\u00a0%');
    expect(screen.getByText('45 %')).toBeTruthy();
    act(() => report?.(10_000_000, 10_000_000));
    expect(screen.getByText('Guardando «cv.pdf»…').getAttribute('role')).toBe('status');

    answer.resolve(jsonResponse(stored, 201));
    expect(await screen.findByText('cv.pdf (12,1 KB)')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('"Cancelar subida" aborts the request and leaves no value and no error', async () => {
    const answer = deferred<Response>();
    let signal: AbortSignal | null | undefined;
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ init }) => {
          signal = init.signal;
          return answer.promise;
        },
      },
    });
    render(<Harness item={cv} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar subida' }));

    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(signal?.aborted).toBe(true);
    expect(screen.getByText('Subida cancelada.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Currículum Elegir archivo' }),
    );
    // The answer that would have come is ignored.
    answer.resolve(jsonResponse(stored, 201));
    await new Promise((done) => setTimeout(done, 20));
    expect(shownValue()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
  });

  it('a refused upload says so and keeps no value', async () => {
    fakeApi({
      frame: false,
      routes: { 'POST /api/upload': () => strapiError(413, 'File too large') },
    });
    render(<Harness item={cv} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido subir el archivo. Inténtalo de nuevo.',
    );
    expect(shownValue()).toBeNull();
  });

  it('passes axe after a refused file, while uploading and once uploaded', async () => {
    const answer = deferred<Response>();
    fakeApi({ frame: false, routes: { 'POST /api/upload': () => answer.promise } });
    const { container } = render(<Harness item={cv} />);
    const check = async () => {
      const result = await axe.run(container, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    };
    choose(new File(['x'], 'virus.exe'));
    await check();
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await screen.findByRole('progressbar');
    await check();
    answer.resolve(jsonResponse(stored, 201));
    await screen.findByText('cv.pdf (12,1 KB)');
    await check();
  });

  it('when the API is full, it says so while it tries again, and after the last attempt sends the same file again with the same key (ADR 0070)', async () => {
    const uploads: string[] = [];
    const second = deferred<Response>();
    // A first 503, then a second attempt that answers when the test says.
    let answer = (): Response | Promise<Response> =>
      uploads.length === 1 ? apiFull(null) : second.promise;
    fakeApi({
      frame: false,
      routes: {
        'POST /api/upload': ({ headers }) => {
          uploads.push(headers['Idempotency-Key'] ?? '');
          return answer();
        },
      },
    });
    const { container } = render(<Harness item={cv} />);
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));

    // Said in the upload's own status line while it tries again.
    const retrying = await screen.findByText(
      'Hay mucha gente ahora mismo, lo intentamos de nuevo…',
    );
    expect(retrying.getAttribute('role')).toBe('status');
    await waitFor(() => expect(uploads).toHaveLength(2), { timeout: 2000 });
    const result = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    // The last attempt fails (a wait longer than the web waits); the same file is sent again.
    second.resolve(apiFull(120));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain(
      'Hay mucha gente ahora mismo y el archivo no se ha podido subir.',
    );
    expect(shownValue()).toBeNull();
    answer = () => jsonResponse(stored, 201);
    fireEvent.click(within(failure).getByRole('button', { name: 'Volver a intentarlo' }));
    expect(await screen.findByText('cv.pdf (12,1 KB)')).toBeTruthy();
    expect(uploads).toHaveLength(3);
    expect(new Set(uploads).size).toBe(1);
    expect(uploads[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('competence', () => {
  it('is a radio group of 0 to 6 whose ends read "Totalmente en desacuerdo" and "Totalmente de acuerdo"', () => {
    render(
      <Harness item={{ type: 'competence', value: 'q1', label: 'Me adapto a los cambios' }} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Me adapto a los cambios' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(7);
    expect(screen.getByLabelText('0 (Totalmente en desacuerdo)')).toBe(radios[0]);
    expect(screen.getByLabelText('6 (Totalmente de acuerdo)')).toBe(radios[6]);
    expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
    fireEvent.click(screen.getByLabelText('3'));
    expect(shownValue()).toBe(3);
  });

  it('takes its labels from item.values when given', () => {
    render(
      <Harness
        item={{
          type: 'competence',
          value: 'q2',
          label: 'Frecuencia',
          values: [
            { value: '0', label: 'Nunca' },
            { value: '1', label: 'Siempre' },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByLabelText('Siempre'));
    expect(shownValue()).toBe(1);
  });
});

describe('option types go to the option renderers (fields/options)', () => {
  it('a select offers "Selecciona una opción", its options and "Otra" last', () => {
    render(
      <Harness
        item={{ type: 'select', value: 's', label: 'Tipo', options: ['Grado', 'Máster'] }}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona una opción', 'Grado', 'Máster', 'Otra']);
    fireEvent.change(select, { target: { value: 'Máster' } });
    expect(shownValue()).toBe('Máster');
  });

  it('a multiple is a group of checkboxes holding the chosen values', () => {
    render(
      <Harness
        item={{ type: 'multiple', value: 'm', label: 'Temas', options: ['Arte', 'Música'] }}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Música' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Arte' }));
    expect(shownValue()).toEqual(['Música', 'Arte']);
  });

  it('combobox, dynamicCombobox and dynamicComboboxMultiple render a labelled combobox', () => {
    const getOptions = vi.fn(async () => ({ options: ['UAM'], hasMore: false }));
    for (const type of ['combobox', 'dynamicCombobox', 'dynamicComboboxMultiple'] as const) {
      const { unmount } = render(
        <QueryClientProvider client={new QueryClient()}>
          <Harness
            item={{ type, value: 'u', label: 'Universidad', options: ['UAM'], getOptions }}
          />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('combobox', { name: 'Universidad' })).toBeTruthy();
      unmount();
    }
  });
});

describe('glossary in labels', () => {
  it('a text label naming a glossary term marks it with its definition, and the control keeps the label as its name', () => {
    render(
      <Harness
        item={{ type: 'text', value: 'ods', label: '¿A qué ODS contribuye tu proyecto?' }}
      />,
    );
    expect(screen.getByLabelText('¿A qué ODS contribuye tu proyecto?')).toBeTruthy();
    const term = screen.getByRole('term');
    expect(term.textContent).toBe('ODS');
    const description = document.getElementById(term.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/17 objetivos/);
  });

  it('a checkbox, a competence scale and a checkbox group show glossary terms in their labels too', () => {
    for (const item of [
      { type: 'checkbox', value: 'a', label: 'Me interesa la economía circular' },
      { type: 'competence', value: 'b', label: 'Conozco la Agenda 2030' },
      { type: 'multiple', value: 'c', label: 'Voluntariado', options: ['Sí', 'No'] },
    ] satisfies FormItem[]) {
      const { unmount } = render(<Harness item={item} />);
      expect(screen.getAllByRole('term').length, item.type).toBeGreaterThan(0);
      unmount();
    }
  });
});
