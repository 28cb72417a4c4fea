import { COMPETENCE_ITEMS, COMPETENCE_SECTIONS, HONESTY_ITEMS } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import {
  buildQuestionnaireItems,
  CONTACT_FIELDS,
  getInitialContactValues,
  toSubmission,
  type QuestionnaireQuestion,
} from './build-questionnaire';

function questionsOfStep(items: ReturnType<typeof buildQuestionnaireItems>, step: number) {
  return items.filter((item) => item.step === step && item.type === 'competence');
}

describe('buildQuestionnaireItems', () => {
  const items = buildQuestionnaireItems();

  it('makes seven steps: the five competences, "Para terminar" and the contact step', () => {
    const steps = [...new Set(items.map((item) => item.step))];
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const titles = items.filter((item) => item.type === 'information').map((item) => item.label);
    expect(titles).toEqual([
      'Flexibilidad',
      'Iniciativa',
      'Trabajo en equipo',
      'Comunicación',
      'Pensamiento de crecimiento',
      'Para terminar',
      'Datos de contacto',
    ]);
  });

  it('puts each section’s items in its step, in the API’s order (4, 5, 7, 4, 6, then 4 honesty)', () => {
    COMPETENCE_SECTIONS.forEach((section, index) => {
      expect(questionsOfStep(items, index + 1)).toHaveLength(section.items);
    });
    expect(questionsOfStep(items, 6).map((item) => item.value)).toEqual(
      HONESTY_ITEMS.map((item) => item.value),
    );
    expect(items.filter((item) => item.type === 'competence').map((item) => item.value)).toEqual(
      COMPETENCE_ITEMS.map((item) => item.value),
    );
  });

  it('leaves only the last five questions optional; the contact fields are required', () => {
    const optional = items.filter((item) => item.optional).map((item) => item.value);
    expect(optional).toEqual([
      'growthMindset.6',
      'honesty.1',
      'honesty.2',
      'honesty.3',
      'honesty.4',
    ]);
    const contact = items.filter((item) => item.step === 7 && item.type === 'text');
    expect(contact.map((item) => [item.value, item.label, item.optional])).toEqual([
      [CONTACT_FIELDS.name, 'Nombre', undefined],
      [CONTACT_FIELDS.surname, 'Apellidos', undefined],
      [CONTACT_FIELDS.email, 'Correo electrónico', undefined],
    ]);
  });

  it('leaves numeric questions out of the sections', () => {
    const questions: QuestionnaireQuestion[] = [
      { type: 'competence', value: 'a.1', label: 'Uno', goal: 'a', optional: false },
      { type: 'number', value: 'a.2', label: 'Edad', goal: 'a', optional: false },
      { type: 'number', value: 'b.1', label: 'Horas', goal: 'b', optional: false },
      { type: 'competence', value: 'c.1', label: 'Dos', goal: 'c', optional: true },
    ];
    const built = buildQuestionnaireItems(questions);
    expect(built.map((item) => item.value)).not.toContain('a.2');
    expect(built.map((item) => item.value)).not.toContain('b.1');
    expect(Math.max(...built.map((item) => item.step ?? 1))).toBe(3);
  });
});

describe('contact prefill and the submit body', () => {
  it('prefills name, surname and email from the signed-in user, empty for a visitor', () => {
    expect(
      getInitialContactValues({ name: 'Lucía', surname: 'Martín', email: 'estudiante@demo.es' }),
    ).toEqual({
      [CONTACT_FIELDS.name]: 'Lucía',
      [CONTACT_FIELDS.surname]: 'Martín',
      [CONTACT_FIELDS.email]: 'estudiante@demo.es',
    });
    expect(getInitialContactValues(null)).toEqual({
      [CONTACT_FIELDS.name]: '',
      [CONTACT_FIELDS.surname]: '',
      [CONTACT_FIELDS.email]: '',
    });
  });

  it('sends answered items as numbers, skips unanswered optional ones and trims the contact', () => {
    const body = toSubmission({
      'flexibility.1': 4,
      'flexibility.2': '0',
      'honesty.1': undefined,
      'section.flexibility': undefined,
      [CONTACT_FIELDS.name]: ' Ana ',
      [CONTACT_FIELDS.surname]: 'Ruiz',
      [CONTACT_FIELDS.email]: 'ana@test.es ',
    });
    expect(body).toEqual({
      answers: { 'flexibility.1': 4, 'flexibility.2': 0 },
      contact: { name: 'Ana', surname: 'Ruiz', email: 'ana@test.es' },
    });
  });
});
