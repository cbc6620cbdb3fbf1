"""WCAG contrast as a person sees it, measured in the browser from computed colors: what axe
cannot do on the table's felt (a gradient) or on the cards (SVG over colored backgrounds).

For each thing checked, the colors behind it are found by walking up from it to the first
opaque background, compositing every translucent layer on the way (an element's opacity and
its filters too: a dimmed card is checked as dimmed). A gradient counts conservatively: each
of its stops is a possible background, and a foreground whose luminance lies between two
stops' fails outright (somewhere along the gradient it meets its own luminance).

- Text (every element holding text of its own, and form labels): at least 4.5:1 against
  whatever may be behind it, whatever its size.
- Controls (buttons, button-like links, inputs, selects): their edge at least 3:1 against what
  is behind them: the border if it has one, else the fill.
- Card faces: every text and symbol of the SVG against the card's color, with the face's pale
  oval over it (text may sit over it or not: both count), 4.5:1 for text, 3:1 for symbols.
"""

from __future__ import annotations

from playwright.sync_api import Page

TEXT, EDGE, SYMBOL = 4.5, 3.0, 3.0

_JS = r"""
([scope, TEXT, EDGE, SYMBOL]) => {
  const root = document.querySelector(scope) || document.body;
  const problems = [], checked = {text: 0, edge: 0, card: 0};

  // ---- colors
  const parse = value => {
    const m = /rgba?\(([^)]+)\)/.exec(value || '');
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => {  // top (rgba) composited over bottom (opaque rgb)
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat(1);
  };
  const channel = c => {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = c => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  // The worst ratio of `fg` against a set of possible backgrounds; when the set spans a range
  // (a gradient) that holds the foreground's luminance, the worst is 1.
  const worst = (fg, grounds) => {
    const lums = grounds.map(luminance), l = luminance(fg);
    if (grounds.length > 1 && Math.min(...lums) <= l && l <= Math.max(...lums)) return 1;
    return Math.min(...grounds.map(g => ratio(fg, g)));
  };
  const css = c => 'rgb(' + c.slice(0, 3).map(Math.round).join(',') + ')';

  // ---- filters (CSS Filter Effects: saturate, brightness, grayscale, opacity, contrast)
  const filtersOf = node => {
    const f = getComputedStyle(node).filter;
    if (!f || f === 'none') return [];
    return [...f.matchAll(/(\w[\w-]*)\(([^)]*)\)/g)].map(m => [m[1], parseFloat(m[2])
      * (m[2].trim().endsWith('%') ? 0.01 : 1)]);
  };
  const applyFilter = (c, [name, x]) => {
    const [r, g, b, a] = c, clamp = v => Math.min(255, Math.max(0, v));
    if (name === 'brightness') return [clamp(r * x), clamp(g * x), clamp(b * x), a];
    if (name === 'contrast') return [r, g, b].map(v => clamp((v - 127.5) * x + 127.5)).concat(a);
    if (name === 'opacity') return [r, g, b, a * x];
    if (name === 'saturate' || name === 'grayscale') {
      const s = name === 'saturate' ? x : 1 - x;
      const row = (x, y, z) => clamp(x * r + y * g + z * b);
      return [row(0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s),
              row(0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s),
              row(0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s), a];
    }
    throw new Error('filter not handled by the contrast check: ' + name);
  };

  // ---- what lies behind: the layers from `node` up to the first opaque one
  const layersFrom = node => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const style = getComputedStyle(n), filters = filtersOf(n), opacity = Number(style.opacity);
      layers.forEach(layer => { layer.filters.push(...filters); layer.opacity *= opacity; });
      const found = [];
      const bg = parse(style.backgroundColor);
      const image = style.backgroundImage;
      if (image && image.includes('gradient')) {
        const stops = [...image.matchAll(/rgba?\([^)]*\)/g)].map(m => parse(m[0]));
        found.push({colors: stops, filters: [...filters], opacity, node: n});
      } else if (image && image !== 'none') {
        throw new Error('a background image the contrast check cannot read: ' + image);
      }
      if (bg && bg[3] > 0) found.push({colors: [bg], filters: [...filters], opacity, node: n});
      // The image lies over the color: the list runs from the top layer down.
      layers.push(...found);
      const opaque = found.some(l => l.opacity === 1 && l.colors.every(c => c[3] === 1));
      if (opaque && !layers.some(l => l.opacity < 1)) return layers;
      if (opaque && n === document.documentElement) return layers;
    }
    layers.push({colors: [[255, 255, 255, 1]], filters: [], opacity: 1});  // the canvas
    return layers;
  };
  // Every color that may lie behind `node` (layers given top first), composited.
  const grounds = layers => {
    let below = null;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i];
      const colors = layer.colors.map(c => {
        let d = layer.filters.reduce(applyFilter, c);
        return [d[0], d[1], d[2], d[3] * layer.opacity];
      });
      if (below === null) { below = colors.map(c => over(c, [255, 255, 255])); continue; }
      below = below.flatMap(b => colors.map(c => over(c, b)));
    }
    return below;
  };
  // The foreground color as painted: its own alpha, and the filters and opacity of every
  // ancestor up to the opaque background.
  const painted = (color, node) => {
    let c = color;
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      c = filtersOf(n).reduce(applyFilter, c);
      c = [c[0], c[1], c[2], c[3] * Number(getComputedStyle(n).opacity)];
    }
    return c;
  };

  // ---- what a person sees
  const shown = el => {
    if (!el.getClientRects().length) return false;
    const closed = el.closest('details:not([open])');  // its content is not drawn
    if (closed && !el.closest('summary')) return false;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.visibility === 'hidden' || s.display === 'none') return false;
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
      if (n.classList.contains('sr-only')) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  const name = el => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('class') || '')
      .replace(/\s+/g, ' ').trim().slice(0, 50);
    return el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' "' + text + '"';
  };
  const report = (kind, el, got, need, fg, ground) => problems.push(
    `${kind} ${got.toFixed(2)}:1 < ${need}:1 at ${name(el)}: `
    + `${css(fg)} on ${ground.map(css).join(' / ')}`);

  const inCard = el => el.closest('.card');

  // Text: every element with text of its own.
  const texts = [...root.querySelectorAll('*')].filter(el => !inCard(el)
    && !['SCRIPT', 'STYLE', 'svg', 'TITLE', 'OPTION'].includes(el.tagName)
    && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()));
  if (root.matches && [...root.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    texts.push(root);
  for (const el of texts) {
    if (!shown(el) || el.closest('[disabled]')) continue;
    checked.text++;
    const fg = painted(parse(getComputedStyle(el).color), el), behind = grounds(layersFrom(el));
    const got = worst(fg, behind);
    if (got < TEXT) report('text', el, got, TEXT, fg, behind);
  }

  // Controls: their edge against what lies behind them.
  const controls = 'button, a.button, input:not([type=hidden]), select, textarea';
  for (const el of root.querySelectorAll(controls)) {
    if (!shown(el) || el.disabled || el.classList.contains('link') || inCard(el)) continue;
    if (el.matches('button.card')) continue;  // a card's edge is the card's own: checked below
    checked.edge++;
    const style = getComputedStyle(el), behind = grounds(layersFrom(el.parentElement));
    const own = grounds(layersFrom(el));
    if (el.matches('input[type=checkbox], input[type=radio]') && style.appearance === 'auto') {
      // Drawn by Chromium itself, whatever the computed style says: a white box edged in
      // gray (#767676).
      const got = Math.min(...behind.map(b => Math.max(ratio([255, 255, 255], b),
                                                       ratio([118, 118, 118], b))));
      if (got < EDGE) report('edge', el, got, EDGE, [255, 255, 255], behind);
      continue;
    }
    const fill = worst(own[0], behind);
    const width = parseFloat(style.borderTopWidth);
    const border = width >= 1 && style.borderTopStyle !== 'none'
      ? worst(painted(over(parse(style.borderTopColor), own[0]), el.parentElement), behind) : 0;
    const got = Math.max(fill, border);
    const edge = width ? parse(style.borderTopColor) : own[0];
    if (got < EDGE) report('edge', el, got, EDGE, edge, behind);
  }

  // Card faces: texts and one-color symbols against the card, with and without the oval.
  for (const card of root.querySelectorAll('.card:not(.back)')) {
    if (!shown(card)) continue;
    const base = grounds(layersFrom(card));
    const oval = card.querySelector('.oval');
    let faces = base;
    if (oval) {
      const o = getComputedStyle(oval);
      const pale = parse(o.fill);
      pale[3] *= Number(o.fillOpacity);
      const cardFilters = filtersOf(card);
      const paled = cardFilters.reduce(applyFilter, pale);
      faces = base.concat(base.map(b => over(paled, b)));
    }
    for (const el of card.querySelectorAll('svg text, svg use')) {
      const style = getComputedStyle(el);
      const symbol = el.tagName === 'use';
      const href = el.getAttribute('href') || '';
      // Pictures of many colors by design (the wheel, the four rectangles): not one color.
      if (symbol && ['#pic-wheel', '#pic-draw4'].includes(href)) continue;
      const raw = parse(symbol ? style.color : style.fill);
      if (!raw) continue;
      checked.card++;
      const fg = painted(raw, el);
      // A white number outlined in dark (the +4 over the wheel) stands out by its outline.
      const stroke = parse(style.stroke);
      if (!symbol && stroke && parseFloat(style.strokeWidth) >= 2
          && ratio(fg, painted(stroke, el)) >= TEXT) continue;
      const need = symbol ? SYMBOL : TEXT, got = worst(fg, faces);
      const kind = symbol ? 'card symbol' : 'card text';
      if (got < need) report(kind, el.closest('.card'), got, need, fg, faces);
    }
  }
  return {problems, checked};
}
"""


def contrast_report(page: Page, scope: str = "main") -> dict:
    """{problems: [one line each], checked: {text, edge, card}} for what `scope` shows now."""
    return page.evaluate(_JS, [scope, TEXT, EDGE, SYMBOL])


def contrast_problems(page: Page, scope: str = "main") -> list[str]:
    report = contrast_report(page, scope)
    assert report["checked"]["text"], f"no text was checked in {scope}"
    return [f"{page.viewport_size['width']} px, {page.url}: {line}"
            for line in report["problems"]]
