import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHighlight, sanitizeHtml } from './sanitize-html';

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

  it('with onlyTags keeps those tags alone, without attributes (a search snippet)', () => {
    expect(
      sanitizeHtml(
        'Un <mark class="x">huerto</mark> <b>escolar</b><img src=x onerror="alert(1)"><script>alert(2)</script> &amp; más',
        { onlyTags: ['mark'] },
      ),
    ).toBe('Un <mark>huerto</mark> escolar &amp; más');
  });
});

describe('sanitizeHighlight', () => {
  it('keeps only the <mark> of the words found, and the text around', () => {
    expect(sanitizeHighlight('el <mark>compostaje</mark> urbano')).toBe(
      'el <mark>compostaje</mark> urbano',
    );
  });

  it('drops every other tag and attribute, scripts with their content', () => {
    expect(
      sanitizeHighlight(
        '<mark onclick="x()" class="a">agua</mark> <b>limpia</b><script>alert(1)</script><img src=x onerror=alert(1)>',
      ),
    ).toBe('<mark>agua</mark> limpia');
  });

  it('htmlToText reads the text shown, entities decoded', () => {
    expect(htmlToText('Agua &amp; <mark>vida</mark>')).toBe('Agua & vida');
  });
});
