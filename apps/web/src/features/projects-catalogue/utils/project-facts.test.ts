import { ODS } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../lib/color';
import {
  adminActionsFor,
  facetValueLabel,
  formatDate,
  isDeadlinePassed,
  placeLabel,
} from './project-facts';
import { odsInk } from '../../../lib/ods';

describe('adminActionsFor', () => {
  it('a project sent for review can be validated, rejected (with a reason) or published', () => {
    const actions = adminActionsFor('Por validar');
    expect(actions.map((a) => `${a.label}→${a.to}`)).toEqual([
      'Validar→Validada',
      'Rechazar→Rechazada',
      'Publicar→Publicada',
    ]);
    expect(actions.find((a) => a.label === 'Rechazar')?.needsReason).toBe(true);
  });

  it('a validated one is published or withdrawn; a published one finished or withdrawn', () => {
    expect(adminActionsFor('Validada').map((a) => a.label)).toEqual(['Publicar', 'Retirar']);
    expect(adminActionsFor('Publicada').map((a) => `${a.label}→${a.to}`)).toEqual([
      'Terminar→Terminada',
      'Retirar→Pendiente',
    ]);
  });

  it('drafts, rejected and finished projects offer no admin action', () => {
    expect(adminActionsFor('Pendiente')).toEqual([]);
    expect(adminActionsFor('Rechazada')).toEqual([]);
    expect(adminActionsFor('Terminada')).toEqual([]);
  });
});

describe('deadlines and dates', () => {
  const now = new Date(2026, 10, 22, 18, 0);
  it('the last day to apply is still open; the day after is closed; no deadline is open', () => {
    expect(isDeadlinePassed('2026-11-22', now)).toBe(false);
    expect(isDeadlinePassed('2026-11-21', now)).toBe(true);
    expect(isDeadlinePassed(null, now)).toBe(false);
  });
  it('dates read in Spanish, day de month de year', () => {
    expect(formatDate('2026-12-15')).toBe('15 de diciembre de 2026');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('nonsense')).toBeNull();
  });
});

describe('labels', () => {
  it('facet values: ODS by number and name, yes/no in words, the rest as they are', () => {
    expect(facetValueLabel('ods', '6')).toBe('ODS 6: Agua limpia y saneamiento');
    expect(facetValueLabel('remuneration', 'true')).toBe('Remunerado');
    expect(facetValueLabel('internship', 'false')).toBe('Sin prácticas');
    expect(facetValueLabel('location', 'Murcia')).toBe('Murcia');
  });
  it('the place joins locality and province once', () => {
    expect(placeLabel('Cartagena', 'Murcia')).toBe('Cartagena (Murcia)');
    expect(placeLabel('Murcia', 'Murcia')).toBe('Murcia');
    expect(placeLabel(null, 'Madrid')).toBe('Madrid');
    expect(placeLabel(null, null)).toBeNull();
  });
});

describe('odsInk', () => {
  it('every ODS tile reads with at least 4.5:1 contrast', () => {
    for (const ods of ODS) {
      expect(contrastRatio(ods.color, odsInk(ods.color))).toBeGreaterThanOrEqual(4.45);
    }
  });
});
