import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities';

describe('decodeHtmlEntities', () => {
  it('reads back the named references escaping writes and every numeric one', () => {
    expect(
      decodeHtmlEntities('Tom &amp; Jerry &lt;3 &quot;sí&quot; &#39;ya&#x27; &apos;&nbsp;'),
    ).toBe("Tom & Jerry <3 \"sí\" 'ya' ' ");
  });

  it('leaves unknown references, and numbers past Unicode, as they are', () => {
    expect(decodeHtmlEntities('&copy; &#1114112; &amp')).toBe('&copy; &#1114112; &amp');
  });
});
