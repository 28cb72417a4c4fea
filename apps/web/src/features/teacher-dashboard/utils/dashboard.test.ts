import { describe, expect, it } from 'vitest';
import type { DashboardProject } from '../types';
import { nextMilestoneLabel, reviewPath, sortByPending } from './dashboard';

const progress = (done: number) => {
  const keys = ['objectives', 'frame', 'conclusions', 'defense', 'final'] as const;
  return Object.fromEntries([['id', 1], ...keys.map((key, index) => [key, index < done])]) as {
    id: number;
  } & Record<(typeof keys)[number], boolean>;
};

function project(id: number, pending: number): DashboardProject {
  return {
    id,
    title: `P${id}`,
    status: 'Publicada',
    type: 'TFG/TFM',
    application_deadline: null,
    publishedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    candidates: { total: pending, pending },
  };
}

describe('teacher dashboard helpers', () => {
  it('names the next milestone in order, none when all are done', () => {
    expect(nextMilestoneLabel(progress(0))).toBe('Objetivos definidos');
    expect(nextMilestoneLabel(progress(2))).toBe('Conclusiones');
    expect(nextMilestoneLabel(progress(5))).toBeNull();
  });

  it('puts projects with more pending candidates first and keeps ties in order', () => {
    expect(
      sortByPending([project(1, 0), project(2, 3), project(3, 0), project(4, 1)]).map((p) => p.id),
    ).toEqual([2, 4, 1, 3]);
  });

  it('reviews candidates on the project’s candidatures page', () => {
    expect(reviewPath(7)).toBe('/projects/7/candidaturas');
  });
});
