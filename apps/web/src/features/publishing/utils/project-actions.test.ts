import { describe, expect, it } from 'vitest';
import { canEditProject, getProjectActions, hasCandidatesPage } from './project-actions';

const keys = (...args: Parameters<typeof getProjectActions>) =>
  getProjectActions(...args).map((action) => action.key);

describe('getProjectActions (the publisher transitions of the contract)', () => {
  it('a draft is sent to review, and deleted while nobody applied', () => {
    expect(keys('Pendiente', 0)).toEqual(['submit', 'delete']);
    expect(getProjectActions('Pendiente', 0)[0]?.target).toBe('Por validar');
  });

  it('a project in review or validated is withdrawn back to draft', () => {
    expect(keys('Por validar', 0)).toEqual(['withdraw', 'delete']);
    expect(keys('Validada', 2)).toEqual(['withdraw']);
    expect(getProjectActions('Validada', 2)[0]?.target).toBe('Pendiente');
  });

  it('a rejected project is sent to review again', () => {
    expect(keys('Rechazada', 0)).toEqual(['resubmit', 'delete']);
  });

  it('a published project is finished or withdrawn; with candidates it cannot be deleted', () => {
    expect(keys('Publicada', 3)).toEqual(['finish', 'withdraw']);
    expect(getProjectActions('Publicada', 3)[0]?.target).toBe('Terminada');
  });

  it('a finished project offers nothing but its pages', () => {
    expect(keys('Terminada', 0)).toEqual([]);
    expect(canEditProject('Terminada')).toBe(false);
    expect(hasCandidatesPage('Terminada', 0)).toBe(true);
    expect(hasCandidatesPage('Pendiente', 0)).toBe(false);
    expect(hasCandidatesPage('Pendiente', 1)).toBe(true);
  });
});
