import { describe, expect, it } from 'vitest';
import { richTextToPlain } from './announcements.text';

describe('an announcement read as plain text for its email', () => {
  it('when the message has paragraphs, a list, a line break and entities, they become blocks, bullets and characters', () => {
    expect(
      richTextToPlain(
        '<h2>Jornada</h2><p>Primera línea<br />segunda &amp; &lt;tercera&gt;</p><ul><li>uno</li><li>dos</li></ul><p>fin</p>',
      ),
    ).toBe('Jornada\n\nPrimera línea\nsegunda & <tercera>\n\n• uno\n• dos\n\nfin');
  });

  it('when a link has a text, its address follows it; when the text is the address, it is written once', () => {
    expect(
      richTextToPlain(
        '<p><a href="https://ejemplo.es/a?x=1&amp;y=2">la guía</a> y <a href="https://ejemplo.es">https://ejemplo.es</a></p>',
      ),
    ).toBe('la guía (https://ejemplo.es/a?x=1&y=2) y https://ejemplo.es');
  });

  it('when the HTML carries markup outside the allow-list, only its text remains', () => {
    expect(richTextToPlain('<p>Hola<script>alert(1)</script> <span>mundo</span></p>')).toBe(
      'Hola mundo',
    );
  });
});
