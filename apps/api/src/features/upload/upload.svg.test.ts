import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { looksLikeSvg, sanitizeSvg } from './upload.svg';

const clean = async (svg: string) => (await sanitizeSvg(Buffer.from(svg, 'utf8'))).toString('utf8');

async function refusal(svg: string | Buffer): Promise<AppError> {
  try {
    await sanitizeSvg(typeof svg === 'string' ? Buffer.from(svg, 'utf8') : svg);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the SVG to be refused');
}

const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: un editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" viewBox="0 0 100 50" onload="alert(1)">
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/x.js"/>
  <style>.a { fill: url(#g) }</style>
  <style>@import url(https://evil.example/x.css);</style>
  <style>.b { background: u\\72l(https://evil.example/t.png) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect class="a" width="10" height="10" onclick="alert(2)" onmouseover="alert(3)"
        style="fill: url(https://evil.example/p)" fill="url( 'https://evil.example/f' )"/>
  <circle r="4" fill="url(#g)" style="stroke: red"/>
  <image href="https://evil.example/i.png" width="10" height="10"/>
  <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>
  <image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="10" height="10"/>
  <use href="#g"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert(4)"><text x="0" y="20">enlace</text></a>
  <a xlink:href="https://evil.example/"><text>fuera</text></a>
  <animate attributeName="href" values="javascript:alert(5)"/>
  <set attributeName="onmouseover" to="alert(6)"/>
  <text>a&#160;b &amp; c</text>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><p onclick="alert(7)">html</p><img src="https://evil.example/i.png"/></div></foreignObject>
  <circle r="2"/>
</svg>`;

describe('sanitizeSvg', () => {
  it('when an SVG has scripts, handlers, external references and foreignObject, all of them are removed and the drawing kept', async () => {
    const out = await clean(HOSTILE);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).not.toMatch(/alert/);
    expect(out).not.toMatch(/evil\.example/);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/foreignObject|<div|<p|<img/i);
    expect(out).not.toMatch(/@import|\\72/);
    expect(out).not.toMatch(/data:image\/svg/);
    expect(out).not.toMatch(/<animate|<set/);
    // The drawing and its internal references survive.
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(out).toContain('viewBox="0 0 100 50"');
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('<style>.a { fill: url(#g) }</style>');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('style="stroke: red"');
    expect(out).toContain('<use href="#g"/>');
    expect(out).toContain('xlink:href="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('<text>a\u00a0b &amp; c</text>');
    expect(out).toContain('<circle r="2"/>');
  });

  it('when the result is parsed as XML, it is a well-formed SVG document', async () => {
    const { JSDOM } = await import('jsdom');
    const { window } = new JSDOM('');
    const doc = new window.DOMParser().parseFromString(await clean(HOSTILE), 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.localName).toBe('svg');
  });

  it('when an SVG declares entities, it is refused', async () => {
    const error = await refusal(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('The SVG file was refused: it declares XML entities');
  });

  it('when the text is not UTF-8, it is refused', async () => {
    const utf16 = Buffer.from('\ufeff<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf16le');
    expect((await refusal(utf16)).message).toMatch(/not UTF-8/);
  });

  it('when the root element is not <svg>, it is refused', async () => {
    expect((await refusal('<html><body><svg></svg></body></html>')).message).toMatch(/root/);
  });

  it('when a plain DOCTYPE and comments come first, the SVG is recognised', () => {
    expect(
      looksLikeSvg(
        '\ufeff<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg width="1">',
      ),
    ).toBe(true);
    expect(looksLikeSvg('<html><svg></svg></html>')).toBe(false);
    expect(looksLikeSvg('hola <svg>')).toBe(false);
  });
});
