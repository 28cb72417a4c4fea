import { describe, expect, it } from 'vitest';
import { tooManyRequestsMessage, waitTimeText } from './messages';

describe('waitTimeText', () => {
  it('says seconds below a minute, minutes below two hours, whole hours and hours beyond, rounding up', () => {
    expect(waitTimeText(1)).toBe('1 segundo');
    expect(waitTimeText(45)).toBe('45 segundos');
    expect(waitTimeText(60)).toBe('1 minuto');
    expect(waitTimeText(61)).toBe('2 minutos');
    expect(waitTimeText(900)).toBe('15 minutos');
    expect(waitTimeText(3_600)).toBe('1 hora');
    expect(waitTimeText(3_601)).toBe('61 minutos');
    expect(waitTimeText(3_943)).toBe('66 minutos');
    expect(waitTimeText(7_140)).toBe('119 minutos');
    expect(waitTimeText(7_200)).toBe('2 horas');
    expect(waitTimeText(7_201)).toBe('3 horas');
    expect(waitTimeText(0)).toBe('1 segundo');
  });
});

describe('tooManyRequestsMessage', () => {
  it('gives the wait when it is known and asks for a moment when it is not', () => {
    expect(tooManyRequestsMessage(120)).toBe(
      'Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de 2 minutos.',
    );
    expect(tooManyRequestsMessage()).toBe(
      'Has hecho demasiadas solicitudes seguidas. Espera un momento y vuelve a intentarlo.',
    );
  });
});
