import { describe, expect, it } from 'vitest';
import { segmentGlossaryText } from './match-glossary';
import { GLOSSARY_TERMS } from './terms';

/** The marked runs of a text as [text, term id] pairs. */
function marked(text: string): [string, string][] {
  return segmentGlossaryText(text).flatMap((s) => (s.term ? [[s.text, s.term.id]] : []));
}

describe('glossary terms', () => {
  it('there are 15 terms, ODS, impacto social and economía circular among them, each defined', () => {
    expect(GLOSSARY_TERMS).toHaveLength(15);
    const ids = GLOSSARY_TERMS.map((t) => t.id);
    expect(new Set(ids).size).toBe(15);
    expect(ids).toEqual(expect.arrayContaining(['ods', 'impacto-social', 'economia-circular']));
    for (const term of GLOSSARY_TERMS) {
      expect(term.definition.length).toBeGreaterThan(60);
      expect(term.forms.length).toBeGreaterThan(0);
    }
  });

  it('every spelling of a term is found in a label as that term', () => {
    for (const term of GLOSSARY_TERMS) {
      for (const form of term.forms) {
        expect(marked(`Campo: ${form}.`), form).toEqual([[form, term.id]]);
      }
    }
  });
});

describe('segmentGlossaryText', () => {
  it('when a label has no term, it is one plain segment', () => {
    expect(segmentGlossaryText('Nombre de la organización')).toEqual([
      { text: 'Nombre de la organización' },
    ]);
  });

  it('the segments rebuild the original text, keeping its case and accents', () => {
    const text = 'Describe el IMPACTO SOCIAL y los ODS del proyecto';
    const segments = segmentGlossaryText(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(marked(text)).toEqual([
      ['IMPACTO SOCIAL', 'impacto-social'],
      ['ODS', 'ods'],
    ]);
  });

  it('when the label has no accents or other case, the term is still found', () => {
    expect(marked('economia circular y Economía Social')).toEqual([
      ['economia circular', 'economia-circular'],
      ['Economía Social', 'economia-social'],
    ]);
    expect(marked('Innovacion social')).toEqual([['Innovacion social', 'innovacion-social']]);
  });

  it('plural spellings are found as the same term', () => {
    expect(marked('Indicadores de impacto')).toEqual([
      ['Indicadores de impacto', 'indicadores-de-impacto'],
    ]);
    expect(marked('Impactos sociales esperados')).toEqual([
      ['Impactos sociales', 'impacto-social'],
    ]);
  });

  it('a term inside another word is not found ("ODS" in "métodos", "RSE" in "cursea")', () => {
    expect(marked('Métodos y cursea')).toEqual([]);
    expect(marked('Voluntariadoss')).toEqual([]);
    expect(marked('TFG2')).toEqual([]);
  });

  it('only the first occurrence of each term is marked', () => {
    const segments = segmentGlossaryText('ODS principal y otros ODS');
    expect(segments).toHaveLength(2);
    expect(marked('ODS principal y otros ODS')).toEqual([['ODS', 'ods']]);
    expect(marked('Objetivos de Desarrollo Sostenible (ODS)')).toEqual([
      ['Objetivos de Desarrollo Sostenible', 'ods'],
    ]);
  });

  it('when terms share a word ("economía social" and "economía circular"), each is found whole', () => {
    expect(marked('Economía social o economía circular')).toEqual([
      ['Economía social', 'economia-social'],
      ['economía circular', 'economia-circular'],
    ]);
  });

  it('when one term contains another, the longer wins ("Objetivos de Desarrollo Sostenible" over "desarrollo sostenible")', () => {
    expect(marked('Objetivos de Desarrollo Sostenible')).toEqual([
      ['Objetivos de Desarrollo Sostenible', 'ods'],
    ]);
    expect(marked('Tercer sector de acción social')).toEqual([
      ['Tercer sector de acción social', 'tercer-sector'],
    ]);
  });

  it('when two terms overlap, the one starting first wins and the other is not cut', () => {
    expect(marked('Indicadores de impacto social')).toEqual([
      ['Indicadores de impacto', 'indicadores-de-impacto'],
    ]);
  });

  it('spaces and hyphens are interchangeable inside a term', () => {
    expect(marked('Proyecto de aprendizaje servicio')).toEqual([
      ['aprendizaje servicio', 'aprendizaje-servicio'],
    ]);
    expect(marked('Aprendizaje-Servicio (ApS)')).toEqual([
      ['Aprendizaje-Servicio', 'aprendizaje-servicio'],
    ]);
  });
});
