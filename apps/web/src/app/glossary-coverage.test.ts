import { describe, expect, it } from 'vitest';
import { buildOrganizationItems } from '../features/publishing/utils/organization-items';
import { buildWorkItems } from '../features/library/utils/work-items';
import { buildProjectItems, localOptions } from '../features/publishing/utils/project-items';
import {
  buildStudentItems,
  buildTeacherItems,
} from '../features/profile-wizard/utils/wizard-items';
import { segmentGlossaryText } from '../forms/glossary/match-glossary';
import { GLOSSARY_TERMS } from '../forms/glossary/terms';
import type { FormItem } from '../forms/types';

const none = localOptions([]);
const fetchers = { universities: none, campuses: none, degrees: none };

/** The real forms that have labels. */
const FORMS: Record<string, FormItem[]> = {
  proyecto: buildProjectItems(fetchers),
  organización: buildOrganizationItems(),
  'perfil de estudiante': buildStudentItems({ fetchers, askPhone: true }),
  'perfil de profesorado': buildTeacherItems({ fetchers }),
  'trabajo final': buildWorkItems({ degreeName: 'Grado en Biología' }),
};

/** Every label and sublabel text of a form, the fields "Otra" reveals included. */
function labelTexts(items: FormItem[]): string[] {
  return items.flatMap((item) => [
    ...[item.label, item.sublabel].filter((text): text is string => typeof text === 'string'),
    ...(item.extension ? labelTexts([item.extension.field]) : []),
  ]);
}

function termsIn(items: FormItem[]): Set<string> {
  return new Set(
    labelTexts(items).flatMap((text) =>
      segmentGlossaryText(text).flatMap((segment) => (segment.term ? [segment.term.id] : [])),
    ),
  );
}

describe('glossary in the forms (spec §1: 15 terms as tooltips in form labels)', () => {
  it('each of the 15 terms is marked in a label or sublabel of at least one real form', () => {
    const found = new Set(Object.values(FORMS).flatMap((items) => [...termsIn(items)]));
    expect(GLOSSARY_TERMS).toHaveLength(15);
    expect(GLOSSARY_TERMS.map((term) => term.id).filter((id) => !found.has(id))).toEqual([]);
  });

  it('each form marks the terms of what it asks', () => {
    expect([...termsIn(FORMS.proyecto!)].sort()).toEqual(
      [
        'agenda-2030',
        'aprendizaje-servicio',
        'economia-circular',
        'impacto-social',
        'indicadores-de-impacto',
        'innovacion-social',
        'ods',
        'sostenibilidad',
        'tfg-tfm',
        'transferencia-de-conocimiento',
        'voluntariado',
      ].sort(),
    );
    expect([...termsIn(FORMS['organización']!)].sort()).toEqual(
      ['economia-social', 'rsc', 'tercer-sector'].sort(),
    );
    expect([...termsIn(FORMS['perfil de estudiante']!)].sort()).toEqual(
      ['emprendimiento-social', 'tfg-tfm'].sort(),
    );
    expect([...termsIn(FORMS['trabajo final']!)].sort()).toEqual(
      [
        'economia-circular',
        'impacto-social',
        'innovacion-social',
        'ods',
        'sostenibilidad',
        'tfg-tfm',
      ].sort(),
    );
  });
});
