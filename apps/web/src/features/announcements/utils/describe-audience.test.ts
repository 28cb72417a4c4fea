import { describe, expect, it } from 'vitest';
import { parseAudience } from './audience';
import { describeAudience } from './describe-audience';

describe('describeAudience', () => {
  it('without criteria, no line (the screen says "todos los estudiantes")', () => {
    expect(describeAudience(parseAudience({}), {})).toEqual([]);
  });

  it('says each criterion in Spanish words, names looked up and values labelled', () => {
    const audience = parseAudience({
      university: { id: { $eq: 1 } },
      degree: { id: { $in: [3, 4] } },
      study_type: { $eq: 'Máster' },
      thesis_stage: { $in: ['doing', 'choosing'] },
      goal: { $in: ['work'] },
      province: { $in: ['Madrid', 'Murcia', 'Cádiz'] },
      applys: { project: { id: { $eq: 9 } }, status: { $in: ['Seleccionado', 'Suplente'] } },
    });
    const names = {
      universities: new Map([[1, 'Universidad de Murcia']]),
      degrees: new Map([[3, 'Grado en Historia']]),
      projects: new Map([[9, 'Huertos escolares']]),
    };
    expect(describeAudience(audience, names)).toEqual([
      { term: 'Universidad', detail: 'Universidad de Murcia' },
      // A name not found (yet) is said by its number.
      { term: 'Titulación', detail: 'Grado en Historia o Titulación n.º 4' },
      { term: 'Tipo de estudios', detail: 'Máster' },
      { term: 'Etapa del TFG/M', detail: 'Haciendo el TFG/M o Eligiendo el tema' },
      { term: 'Objetivo', detail: 'Encontrar trabajo o prácticas' },
      { term: 'Provincia', detail: 'Madrid, Murcia o Cádiz' },
      {
        term: 'Candidatura',
        detail: 'al proyecto «Huertos escolares», en estado «Seleccionado» o «Suplente»',
      },
    ]);
  });

  it('a status without a project is about any project; a long list of addresses is cut', () => {
    const emails = Array.from({ length: 8 }, (_, i) => `e${i}@uni.es`);
    const lines = describeAudience(
      parseAudience({ applys: { status: { $in: ['Enviada'] } }, user: { email: { $in: emails } } }),
      {},
    );
    expect(lines).toEqual([
      { term: 'Candidatura', detail: 'a cualquier proyecto, en estado «Enviada»' },
      {
        term: 'Correo electrónico',
        detail: '8 direcciones: e0@uni.es, e1@uni.es, e2@uni.es, e3@uni.es, e4@uni.es y 3 más',
      },
    ]);
  });

  it('what it cannot read is named, not shown as a filter', () => {
    expect(describeAudience(parseAudience({ $or: [] }), {})).toEqual([
      {
        term: 'Otros criterios',
        detail: '$or (escritos fuera de esta pantalla: se aplican tal cual)',
      },
    ]);
  });
});
