import { describe, expect, it } from 'vitest';
import { confirmText, resultSentence, reviewSentence } from './load-texts';

const none = {
  universities: 0,
  campuses: 0,
  degrees: 0,
  degreesLinked: 0,
  degreesUpdated: 0,
  studyAreas: 0,
  studySubareas: 0,
};

describe('what a catalogue file creates, in words', () => {
  it('lists the new entries with the verb agreeing, then the degrees offered at one more campus and the ones changed', () => {
    expect(reviewSentence({ ...none, universities: 1, campuses: 3, degrees: 80 })).toBe(
      'Si lo cargas, se crearán 1 universidad, 3 campus y 80 grados.',
    );
    expect(reviewSentence({ ...none, campuses: 1 })).toBe('Si lo cargas, se creará 1 campus.');
    expect(reviewSentence({ ...none, degrees: 2, degreesLinked: 1, degreesUpdated: 3 })).toBe(
      'Si lo cargas, se crearán 2 grados; 1 grado que ya existía se impartirá también en otro campus; cambiará la duración o el tipo de 3 grados.',
    );
    expect(resultSentence({ ...none, studyAreas: 1, studySubareas: 12_000 })).toBe(
      'Se han creado 1 área de estudio y 12.000 subáreas.',
    );
    expect(resultSentence({ ...none, degreesLinked: 2 })).toBe(
      '2 grados que ya existían se imparten ahora también en otro campus.',
    );
  });

  it('says when there is nothing new, and what the confirmation leaves out', () => {
    expect(reviewSentence(none)).toBe(
      'No hay nada nuevo: todo lo que el archivo dice ya está en el catálogo.',
    );
    expect(resultSentence(none)).toBe(
      'No se ha cambiado nada: todo lo que el archivo dice ya estaba en el catálogo.',
    );
    expect(
      confirmText(
        { ...none, degreesUpdated: 1 },
        { total: 4, create: 0, update: 1, skip: 2, invalid: 1 },
        0,
      ),
    ).toBe('Cambiará la duración o el tipo de 1 grado. 1 fila con errores no se cargará.');
  });
});
