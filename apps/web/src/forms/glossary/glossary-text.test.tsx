import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GlossaryText } from './glossary-text';
import { GLOSSARY_TERMS } from './terms';

function definitionOf(id: string): string {
  const term = GLOSSARY_TERMS.find((t) => t.id === id);
  if (!term) throw new Error(`no term ${id}`);
  return term.definition;
}

async function settle() {
  await act(async () => {});
}

describe('GlossaryText', () => {
  it('inside a label, the text reads the same and names the input; each term is a focusable word described by its definition', async () => {
    render(
      <label>
        <GlossaryText>Impacto social esperado y ODS relacionados</GlossaryText>
        <input />
      </label>,
    );
    await settle();

    expect(screen.getByRole('textbox', { name: 'Impacto social esperado y ODS relacionados' }));
    const terms = screen.getAllByRole('term');
    expect(terms.map((t) => t.textContent)).toEqual(['Impacto social', 'ODS']);
    for (const term of terms) expect(term.tabIndex).toBe(0);
    const described = terms.map(
      (t) => document.getElementById(t.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(described).toEqual([definitionOf('impacto-social'), definitionOf('ods')]);
  });

  it('when a term gets keyboard focus, its definition shows as a tooltip, outside the label', async () => {
    render(
      <label>
        <GlossaryText>Relación con la economía circular</GlossaryText>
        <input />
      </label>,
    );
    await settle();

    act(() => {
      screen.getByRole('term').focus();
    });
    await settle();

    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe(definitionOf('economia-circular'));
    expect(tooltip.closest('label')).toBeNull();
    // The open bubble does not leak into the input's name.
    expect(screen.getByRole('textbox', { name: 'Relación con la economía circular' }));

    fireEvent.keyDown(screen.getByRole('term'), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when a term is hovered, its definition shows', async () => {
    render(<GlossaryText>Horas de voluntariado</GlossaryText>);
    await settle();

    fireEvent.pointerEnter(screen.getByRole('term'));
    await settle();

    expect(screen.getByRole('tooltip').textContent).toBe(definitionOf('voluntariado'));
  });

  it('a repeated term is marked once, and a text without terms has no trigger', async () => {
    const { unmount } = render(<GlossaryText>ODS principal y ODS secundarios</GlossaryText>);
    await settle();
    expect(screen.getAllByRole('term')).toHaveLength(1);
    unmount();

    render(<GlossaryText>Nombre de la organización</GlossaryText>);
    await settle();
    expect(screen.queryByRole('term')).toBeNull();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('the glossary is never shown as a list', async () => {
    const { container } = render(
      <GlossaryText>ODS, impacto social, economía circular y economía social</GlossaryText>,
    );
    await settle();

    expect(screen.queryByRole('list')).toBeNull();
    expect(document.body.querySelector('ul, ol, dl')).toBeNull();
    expect(container.textContent).toBe('ODS, impacto social, economía circular y economía social');
  });
});
