import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the formatting of a message: paragraphs, emphasis, lists and links', () => {
    const html =
      '<p>Hola <strong>Lucía</strong></p><ul><li>Uno</li></ul><p><a href="/projects">Ver proyectos</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p style="color:red" onclick="alert(1)">Hola</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">enlace</a><style>p{}</style>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style/i);
    expect(clean).toContain('<p>Hola</p>');
    expect(clean).toContain('>enlace</a>');
  });

  it('links opening a new tab get rel="noopener noreferrer"; other targets are dropped', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/tfx" target="marco">x</a>')).toBe('<a href="/tfx">x</a>');
  });
});

describe('htmlToText', () => {
  it('reads the text shown, entities decoded', () => {
    expect(htmlToText('Agua &amp; <mark>vida</mark>')).toBe('Agua & vida');
  });
});
