// Icons are SVG files from anywhere, later inlined into pages by the page builder: what is
// stored must draw the same picture and carry no script, handler, foreign content or
// reference to anything outside the icon. Files that are not SVG images are refused.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { MAX_SVG_BYTES, sanitiseSvg, SvgRefused } from '../../server/namespaces/builder/svg-sanitise.ts';
import { iconName, prepareIconSet } from '../../server/namespaces/builder/icon-commands.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const { window } = new JSDOM('');

/** The stored markup as an SVG viewer reads it: a standalone XML document. */
function parse(svg: string): Element {
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(document.documentElement.localName).toBe('svg');
  expect(document.documentElement.namespaceURI).toBe(SVG_NS);
  return document.documentElement;
}

function elements(root: Element): Element[] {
  return [root, ...root.querySelectorAll('*')];
}

function attributes(root: Element): { element: string; name: string; value: string }[] {
  return elements(root).flatMap((element) => [...element.attributes].map((attribute) => ({ element: element.localName, name: attribute.name, value: attribute.value })));
}

function refusal(input: Buffer | string): string {
  try {
    sanitiseSvg(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SvgRefused);
    return (error as Error).message;
  }
  throw new Error('the file was not refused');
}

const CLEAN = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" width="24" height="24">
  <defs>
    <linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
    <clipPath id="c"><rect width="20" height="20" rx="2"/></clipPath>
    <symbol id="dot" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></symbol>
    <filter id="f"><feGaussianBlur stdDeviation="1"/></filter>
  </defs>
  <style>.st0{fill:url(#g)}</style>
  <g clip-path="url(#c)" filter="url(#f)">
    <path class="st0" d="M4 12h16M12 4v16" stroke="currentColor" stroke-width="2" style="stroke-linecap:round"/>
    <use href="#dot" x="3" y="3"/>
    <use xlink:href="#dot" x="9" y="9"/>
    <text x="2" y="22">A &amp; B &lt; C</text>
  </g>
</svg>`;

describe('SVG sanitising', () => {
  it('keeps the drawing of a clean icon: shapes, gradients, clip paths, filters, symbols and local references', () => {
    const root = parse(sanitiseSvg(CLEAN));
    expect(root.getAttribute('viewBox')).toBe('0 0 24 24');
    const names = elements(root).map((element) => element.localName);
    for (const name of ['linearGradient', 'stop', 'clipPath', 'symbol', 'filter', 'feGaussianBlur', 'style', 'g', 'path', 'use', 'text']) {
      expect(names).toContain(name);
    }
    const path = root.querySelector('path')!;
    expect(path.getAttribute('d')).toBe('M4 12h16M12 4v16');
    expect(path.getAttribute('style')).toBe('stroke-linecap:round');
    expect(root.querySelector('g')!.getAttribute('clip-path')).toBe('url(#c)');
    expect(root.querySelector('style')!.textContent).toBe('.st0{fill:url(#g)}');
    const uses = [...root.querySelectorAll('use')];
    expect(uses.map((use) => use.getAttribute('href') ?? use.getAttributeNS('http://www.w3.org/1999/xlink', 'href'))).toEqual(['#dot', '#dot']);
    expect(root.querySelector('text')!.textContent).toBe('A & B < C');
  });

  it('gives the same markup when sanitised again', () => {
    const once = sanitiseSvg(CLEAN);
    expect(sanitiseSvg(once)).toBe(once);
  });

  it('removes scripts, event handlers and animations that set them, in any case', () => {
    const dirty = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)" ONCLICK="alert(2)">
      <script>alert(3)</script><script type="text/ecmascript"><![CDATA[alert(4)]]></script>
      <path d="M0 0h10" onmouseover="alert(5)" onfocusin="alert(6)"/>
      <animate attributeName="onmouseover" to="alert(7)"/><set attributeName="href" to="javascript:alert(8)"/>
    </svg>`;
    const clean = sanitiseSvg(dirty);
    const root = parse(clean);
    const names = elements(root).map((element) => element.localName.toLowerCase());
    for (const gone of ['script', 'animate', 'set']) expect(names).not.toContain(gone);
    expect(attributes(root).filter(({ name }) => /^on/i.test(name))).toEqual([]);
    expect(clean).not.toMatch(/alert|javascript/);
    expect(root.querySelector('path')!.getAttribute('d')).toBe('M0 0h10');
  });

  it('removes foreign objects with everything inside them', () => {
    const clean = sanitiseSvg(`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="10" height="10">
      <div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://example.com/"></iframe><img src="x" onerror="alert(1)"/>hidden text</div>
    </foreignObject><circle r="1"/></svg>`);
    const root = parse(clean);
    expect(elements(root).map((element) => element.localName)).toEqual(['svg', 'circle']);
    expect(clean).not.toMatch(/foreignObject|iframe|img|onerror|hidden text/i);
  });

  it('removes references to other files and addresses, and keeps those inside the icon', () => {
    const dirty = `<?xml-stylesheet href="https://evil.example/a.css"?>
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <defs><linearGradient id="g"/><linearGradient id="remote" href="https://evil.example/g.svg#x"/></defs>
      <use id="u1" xlink:href="https://evil.example/sprite.svg#icon"/>
      <use id="u2" href="sprite.svg#icon"/>
      <use id="u3" href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>
      <image id="i1" href="https://evil.example/tracker.png" width="1" height="1"/>
      <image id="i2" xlink:href="file:///etc/passwd"/>
      <image id="i3" href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
      <filter id="f"><feImage href="https://evil.example/f.png"/></filter>
      <path id="p1" d="M0 0" fill="url(https://evil.example/p.svg#g)" stroke="url(#g)"/>
      <path id="p2" d="M0 0" style="fill: url('//evil.example/p.svg#g'); stroke: red"/>
      <path id="p3" d="M0 0" style="background: u\\72l(https://evil.example/x)"/>
      <path id="p4" d="M0 0" style="background-image: image-set('https://evil.example/x.png' 1x)"/>
      <a href="https://evil.example/"><circle id="c1" r="1"/></a>
      <style>@import url(https://evil.example/x.css);</style>
      <style>.a { fill: url(https://evil.example/x.svg#g) }</style>
      <style>.b { fill: url(#g) }</style>
    </svg>`;
    const clean = sanitiseSvg(dirty);
    const root = parse(clean);
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toMatch(/sprite\.svg|file:|svg\+xml/);
    for (const { name, value } of attributes(root)) {
      if (/href$|^src$/i.test(name)) expect(value.startsWith('#') || value.startsWith('data:image/png;base64,')).toBe(true);
    }
    // The elements stay (a link's content too); only what pointed outside is gone.
    for (const id of ['u1', 'u2', 'u3', 'i1', 'i2', 'p1', 'p2', 'p3', 'p4', 'c1']) expect(root.querySelector(`#${id}`)).not.toBeNull();
    expect(root.querySelector('#p1')!.getAttribute('stroke')).toBe('url(#g)');
    expect(root.querySelector('#i3')!.getAttribute('href')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(root.querySelector('a')).toBeNull();
    expect([...root.querySelectorAll('style')].map((style) => style.textContent)).toEqual(['.b { fill: url(#g) }']);
    expect(clean).not.toContain('<?');
  });

  it('gives an inline SVG without a namespace the SVG namespace', () => {
    const root = parse(sanitiseSvg('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>'));
    expect(root.querySelector('rect')!.namespaceURI).toBe(SVG_NS);
  });

  it('drops comments and does not resolve external entities', () => {
    const clean = sanitiseSvg('<svg xmlns="http://www.w3.org/2000/svg"><!-- made by a tool --><path d="M0 0"/></svg>');
    expect(clean).not.toContain('made by a tool');
    expect(refusal('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>')).toMatch(/well-formed/);
  });

  it('refuses files that are not SVG images', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(refusal(png)).toMatch(/not a text file/);
    expect(refusal(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]))).toMatch(/not a text file/);
    expect(refusal('<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>')).toMatch(/root element is <html>/);
    expect(refusal('just some words')).toMatch(/well-formed/);
    expect(refusal('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toMatch(/well-formed/);
    expect(refusal('<svg xmlns="http://www.w3.org/1999/xhtml"></svg>')).toMatch(/namespace/);
    expect(refusal('')).toMatch(/empty/);
    expect(refusal(`<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(MAX_SVG_BYTES)}--></svg>`)).toMatch(/larger than/);
  });
});

describe('icon sets from files', () => {
  const svg = (body = '<path d="M0 0"/>') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);

  it('names icons after their files', () => {
    expect(iconName('Arrow Left.svg')).toBe('arrow-left');
    expect(iconName('café__2.SVG')).toBe('cafe__2');
    expect(iconName('--x--.svg')).toBe('x');
  });

  it('sanitises every icon of a set', () => {
    const set = prepareIconSet({ name: ' Mine ', prefix: 'mi-', files: [{ fileName: 'b.svg', bytes: svg('<script>x()</script><circle r="1"/>') }, { fileName: 'A.svg', bytes: svg() }] });
    expect(set.name).toBe('Mine');
    expect(set.icons.map((icon) => icon.name)).toEqual(['b', 'a']);
    expect(set.icons[0].svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
  });

  it('refuses the whole set when any file is not an SVG image, naming each one', () => {
    const attempt = () =>
      prepareIconSet({
        name: 'Mine',
        prefix: 'mi-',
        files: [
          { fileName: 'good.svg', bytes: svg() },
          { fileName: 'photo.png', bytes: Buffer.from('89504e47', 'hex') },
          { fileName: 'page.svg', bytes: Buffer.from('<html></html>') },
          { fileName: 'Good.svg', bytes: svg() },
        ],
      });
    expect(attempt).toThrow(/photo\.png: not an \.svg file/);
    expect(attempt).toThrow(/page\.svg: not an SVG image/);
    expect(attempt).toThrow(/Good\.svg: same icon name "good"/);
  });

  it('refuses prefixes that are not class-name prefixes, empty names and empty folders', () => {
    const files = [{ fileName: 'a.svg', bytes: svg() }];
    for (const prefix of ['', '../x', 'A-', '1a', 'a/b', 'a b']) expect(() => prepareIconSet({ name: 'Mine', prefix, files })).toThrow(/prefix/);
    expect(() => prepareIconSet({ name: '  ', prefix: 'mi-', files })).toThrow(/name/);
    expect(() => prepareIconSet({ name: 'Mine', prefix: 'mi-', files: [] })).toThrow(/no icons/);
  });
});
