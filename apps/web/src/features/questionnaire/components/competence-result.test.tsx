import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionnaireResult } from '../types';
import { CompetenceResult } from './competence-result';

const RESULT: QuestionnaireResult = {
  scores: {
    flexibility: 4.75,
    initiative: 2,
    teamwork: 5.14,
    communication: 3.5,
    growthMindset: 6,
  },
  consistency: { answered: 4, agreed: 0 },
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('CompetenceResult', () => {
  it('shows the five scores as a table with bars sized on the 0 to 6 scale', () => {
    render(<CompetenceResult result={RESULT} onRetake={() => undefined} />);
    const table = screen.getByRole('table', { name: /Puntuación media por competencia/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Flexibilidad4,75 / 6',
      'Iniciativa2 / 6',
      'Trabajo en equipo5,14 / 6',
      'Comunicación3,5 / 6',
      'Pensamiento de crecimiento6 / 6',
    ]);
    expect(screen.getByTestId('bar-initiative').style.width).toBe(`${(2 / 6) * 100}%`);
    expect(screen.getByTestId('bar-growthMindset').style.width).toBe('100%');
    expect(screen.getByText(/respondido el 21 de noviembre de 2026/)).toBeTruthy();
  });

  it('explains each competence with its level', () => {
    render(<CompetenceResult result={RESULT} onRetake={() => undefined} />);
    expect(screen.getByText('Iniciativa: 2').nextSibling?.textContent).toMatch(
      /proponer ideas.*buen punto de partida/,
    );
    expect(screen.getByText('Trabajo en equipo: 5,14').nextSibling?.textContent).toMatch(
      /puntos fuertes/,
    );
  });

  it('mentions the consistency signal only when half or more honesty items were agreed', () => {
    const { rerender } = render(
      <CompetenceResult
        result={{ ...RESULT, consistency: { answered: 4, agreed: 1 } }}
        onRetake={() => undefined}
      />,
    );
    expect(screen.queryByText(/Nunca he dicho una mentira/)).toBeNull();
    rerender(
      <CompetenceResult
        result={{ ...RESULT, consistency: { answered: 4, agreed: 2 } }}
        onRetake={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/Nunca he dicho una mentira/);
  });

  it('offers "Repetir el cuestionario"', () => {
    const onRetake = vi.fn();
    render(<CompetenceResult result={RESULT} onRetake={onRetake} />);
    fireEvent.click(screen.getByRole('button', { name: 'Repetir el cuestionario' }));
    expect(onRetake).toHaveBeenCalledOnce();
  });
});
