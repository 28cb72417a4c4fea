import { describe, expect, it } from 'vitest';
import { hasHighlight, highlightText, parseHighlight } from './highlight';

describe('parseHighlight', () => {
  it('reads the words found in <mark> and the text around them, entities decoded', () => {
    const parts = parseHighlight('Tom &amp; <mark>Jerry</mark> &lt;3 &quot;ya&quot; &#39;sí&#39;');
    expect(parts).toEqual([
      { text: 'Tom & ', marked: false },
      { text: 'Jerry', marked: true },
      { text: ' <3 "ya" \'sí\'', marked: false },
    ]);
    expect(highlightText(parts)).toBe('Tom & Jerry <3 "ya" \'sí\'');
    expect(hasHighlight(parts)).toBe(true);
  });

  it('leaves anything else that looks like markup as text, so nothing is ever parsed as HTML', () => {
    const parts = parseHighlight(
      '<mark onclick="x()">agua</mark> <b>limpia</b><img src=x onerror=alert(1)>',
    );
    expect(parts.every((part) => !part.marked)).toBe(true);
    // Only the two exact tags ts_headline writes are read as marks (the closing one ends none).
    expect(highlightText(parts)).toBe(
      '<mark onclick="x()">agua <b>limpia</b><img src=x onerror=alert(1)>',
    );
    expect(hasHighlight(parts)).toBe(false);
  });

  it('marks several words, in any case of the tag, and nothing when there are none', () => {
    expect(parseHighlight('<MARK>huerto</MARK> y <mark>escolar</mark>')).toEqual([
      { text: 'huerto', marked: true },
      { text: ' y ', marked: false },
      { text: 'escolar', marked: true },
    ]);
    expect(hasHighlight(parseHighlight('sin nada'))).toBe(false);
  });
});
