import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormItem } from '../types';
import { useForm } from './use-form';

const items: FormItem[] = [
  { type: 'select', value: 'university', options: ['UAM', 'UCM'], step: 1 },
  { type: 'select', value: 'campus', options: ['Norte', 'Sur'], step: 1 },
  { type: 'text', value: 'motivation', step: 2 },
];

describe('useForm', () => {
  it('when two fields change in one event, both changes are kept', () => {
    const { result } = renderHook(() => useForm({ items, formId: 'f' }));
    act(() => {
      result.current.setValue(items[0]!, 'UAM');
      result.current.setValue(items[1]!, 'Norte');
    });
    expect(result.current.values).toEqual({ university: 'UAM', campus: 'Norte' });
    expect(result.current.errors).toEqual({});
  });

  it('when next() meets an invalid step, it stays on step 1 with the errors; once valid it moves to 2', () => {
    const { result } = renderHook(() => useForm({ items, formId: 'f' }));
    let moved = true;
    act(() => {
      moved = result.current.next();
    });
    expect(moved).toBe(false);
    expect(result.current.stepIndex).toBe(1);
    expect(result.current.errors).toEqual({
      university: 'Este campo es obligatorio.',
      campus: 'Este campo es obligatorio.',
    });
    act(() => {
      result.current.setValue(items[0]!, 'UAM');
    });
    expect(result.current.errors).toEqual({ campus: 'Este campo es obligatorio.' });
    act(() => {
      result.current.setValue(items[1]!, 'Sur');
    });
    act(() => {
      result.current.next();
    });
    expect(result.current.stepIndex).toBe(2);
    expect(result.current.isLastStep).toBe(true);
    expect(result.current.progress).toBe(100);
    expect(result.current.visibleStepItems.map((item) => item.value)).toEqual(['motivation']);
    act(() => {
      result.current.previous();
    });
    expect(result.current.stepIndex).toBe(1);
    expect(result.current.progress).toBe(0);
  });

  it('when a field whose condition depends on another becomes hidden, its error goes', () => {
    const conditional: FormItem[] = [
      { type: 'checkbox', value: 'hasCar', optional: true },
      { type: 'text', value: 'plate', condition: (values) => values.hasCar === true },
    ];
    const { result } = renderHook(() => useForm({ items: conditional, formId: 'f' }));
    act(() => {
      result.current.setValue(conditional[0]!, true);
    });
    act(() => {
      result.current.validateCurrentStep();
    });
    expect(result.current.errors).toEqual({ plate: 'Este campo es obligatorio.' });
    act(() => {
      result.current.setValue(conditional[0]!, false);
    });
    expect(result.current.errors).toEqual({});
  });
});
