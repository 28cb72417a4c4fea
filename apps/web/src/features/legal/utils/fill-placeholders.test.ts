import { describe, expect, it } from 'vitest';
import type { PlaceholderValues } from '../types';
import { fillPlaceholders } from './fill-placeholders';

const VALUES: PlaceholderValues = {
  '{universidad}': { text: 'Universidad de Murcia' },
  '{plataforma}': { text: 'Conecta <Impacto>' },
  '{correo}': { text: 'dpd@um.es', href: 'mailto:dpd@um.es' },
};

describe('fillPlaceholders', () => {
  it('names the university and the platform as text, never as HTML', () => {
    expect(fillPlaceholders('<p>{plataforma} es un servicio de {universidad}.</p>', VALUES)).toBe(
      '<p>Conecta &lt;Impacto&gt; es un servicio de Universidad de Murcia.</p>',
    );
  });

  it('turns the contact email into a link, but not inside a link, and fills link addresses', () => {
    expect(fillPlaceholders('<p>Escribe a {correo}.</p>', VALUES)).toBe(
      '<p>Escribe a <a href="mailto:dpd@um.es">dpd@um.es</a>.</p>',
    );
    expect(fillPlaceholders('<p><a href="{correo}">el correo {correo}</a></p>', VALUES)).toBe(
      '<p><a href="mailto:dpd@um.es">el correo dpd@um.es</a></p>',
    );
  });

  it('cleans the text it fills: scripts and handlers never reach the page', () => {
    const html = fillPlaceholders(
      '<p onclick="x()">{universidad}</p><script>alert(1)</script><a href="javascript:alert(1)">a</a>',
      VALUES,
    );
    expect(html).not.toMatch(/onclick|script|javascript:/);
    expect(html).toContain('<p>Universidad de Murcia</p>');
  });

  it('leaves other braces alone', () => {
    expect(fillPlaceholders('<p>{otra} {universidad</p>', VALUES)).toBe(
      '<p>{otra} {universidad</p>',
    );
  });
});
