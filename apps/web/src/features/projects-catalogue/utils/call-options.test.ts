import { describe, expect, it } from 'vitest';
import type { Call } from '../types';
import { callLabel, callPeriod, groupCalls, joinSpanish } from './call-options';

const degree = (id: number, name: string, university = 'Universidad de Murcia') => ({
  id,
  name,
  universities: [university],
});

function call(id: number, extra: Partial<Call> = {}): Call {
  return {
    id,
    name: 'Convocatoria TFG 2026-2027',
    requiresDni: false,
    periodStart: '2026-09-01',
    periodEnd: '2027-07-31',
    description: null,
    degrees: [],
    ...extra,
  };
}

describe('callLabel', () => {
  it('names the degrees, their university and the academic period with Spanish dates', () => {
    expect(
      callLabel(
        call(1, { degrees: [degree(1, 'Grado en Psicología'), degree(2, 'Grado en Logopedia')] }),
      ),
    ).toBe(
      'Convocatoria TFG 2026-2027: Grado en Psicología y Grado en Logopedia (Universidad de Murcia), del 01/09/2026 al 31/07/2027',
    );
  });

  it('tells apart two calls of the same name at two universities', () => {
    const murcia = call(1, { degrees: [degree(1, 'Grado en Psicología')] });
    const madrid = call(2, {
      degrees: [degree(9, 'Grado en Psicología', 'Universidad Complutense de Madrid')],
    });
    expect(callLabel(murcia)).not.toBe(callLabel(madrid));
    expect(callLabel(madrid)).toContain('(Universidad Complutense de Madrid)');
  });

  it('names three degrees and counts the rest', () => {
    const degrees = ['A', 'B', 'C', 'D', 'E'].map((name, i) => degree(i, `Grado en ${name}`));
    expect(callLabel(call(1, { degrees, periodStart: null, periodEnd: null }))).toBe(
      'Convocatoria TFG 2026-2027: Grado en A, Grado en B, Grado en C y 2 más (Universidad de Murcia)',
    );
  });

  it('a call with neither degrees nor period is its name', () => {
    expect(callLabel(call(1, { periodStart: null, periodEnd: null }))).toBe(
      'Convocatoria TFG 2026-2027',
    );
  });
});

describe('callPeriod and joinSpanish', () => {
  it('write an open end or start and Spanish lists', () => {
    expect(callPeriod({ periodStart: '2026-09-01', periodEnd: null })).toBe('desde el 01/09/2026');
    expect(callPeriod({ periodStart: null, periodEnd: '2027-07-31' })).toBe('hasta el 31/07/2027');
    expect(joinSpanish(['a', 'b', 'c'])).toBe('a, b y c');
    expect(joinSpanish(['a'])).toBe('a');
  });
});

describe('groupCalls', () => {
  const own = call(3, { degrees: [degree(3, 'Grado en Educación Primaria')] });
  const madrid = call(1, {
    degrees: [degree(9, 'Grado en Psicología', 'Universidad Complutense de Madrid')],
  });
  const murcia = call(2, { degrees: [degree(1, 'Grado en Psicología')] });

  it("offers the calls of the student's degree first, then the others by university", () => {
    expect(
      groupCalls([murcia, own, madrid], new Set([3])).map((g) => [
        g.label,
        g.calls.map((c) => c.id),
      ]),
    ).toEqual([
      ['De tu titulación', [3]],
      ['Otras convocatorias', [1, 2]],
    ]);
  });

  it('without calls of their degree, one list without groups', () => {
    expect(groupCalls([murcia, madrid], new Set())).toEqual([
      { label: null, calls: [madrid, murcia] },
    ]);
  });
});
