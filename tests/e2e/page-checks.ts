import type { Page } from '@playwright/test';

/** One thing a person would trip over, found by `lookAtPage` or `loadersOnScreen`. */
export type PageProblem = {
  kind: 'contrast' | 'page-width' | 'clipped' | 'unnamed-control' | 'loading';
  /** A short CSS-like path to the element. */
  where: string;
  detail: string;
};

/**
 * Looks at the rendered page as a person would, from computed styles and boxes rather than the DOM's
 * claims (decision 050):
 * - contrast: every visible text's colour against the colour actually painted behind it, composited
 *   through every translucent layer and opacity up to the first opaque background; under 4.5:1 fails
 *   (3:1 for large text, WCAG 1.4.3), disabled controls excepted;
 * - page-width: the document is wider than the viewport (the page scrolls sideways);
 * - clipped: text cut by an ancestor that hides its overflow (no scrollbar to reach it), by the
 *   viewport's edge, or by its own ellipsis;
 * - unnamed-control: a button or link with no accessible name (an icon alone).
 */
export async function lookAtPage(page: Page): Promise<PageProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; where: string; detail: string }[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    // Each element's style and box are read once: the walks below pass the same ancestors often.
    const styles = new Map<Element, CSSStyleDeclaration>();
    const computed = (e: Element) => {
      let style = styles.get(e);
      if (!style) styles.set(e, (style = getComputedStyle(e)));
      return style;
    };
    const boxes = new Map<Element, DOMRect>();
    const boxOf = (e: Element) => {
      let box = boxes.get(e);
      if (!box) boxes.set(e, (box = e.getBoundingClientRect()));
      return box;
    };
    const hiddenCache = new Map<Element, boolean>();

    function describe(element: Element): string {
      const parts: string[] = [];
      for (
        let e: Element | null = element;
        e && e !== document.body && parts.length < 4;
        e = e.parentElement
      ) {
        const testId = e.getAttribute('data-testid');
        const cls = [...e.classList].find((c) => c.startsWith('mantine-')) ?? e.classList[0];
        parts.unshift(
          `${e.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : cls ? `.${cls}` : ''}`,
        );
      }
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
    }

    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d')!;
    function parseColour(value: string): Rgba | null {
      if (!value || value === 'transparent') return [0, 0, 0, 0];
      const m = /^rgba?\(([^)]+)\)$/.exec(value);
      if (m) {
        const [r, g, b, a] = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [r!, g!, b!, a ?? 1];
      }
      // color(srgb ...), oklch(...) and the like: let the canvas convert it.
      probe.fillStyle = '#000';
      probe.fillStyle = value;
      const converted = probe.fillStyle;
      if (converted.startsWith('#')) {
        const n = parseInt(converted.slice(1), 16);
        return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
      }
      return converted.startsWith('rgba') ? parseColour(converted) : null;
    }
    /** `top` drawn over the opaque `under`. */
    function over(top: Rgba, under: Rgba): Rgba {
      const a = top[3];
      return [
        top[0] * a + under[0] * (1 - a),
        top[1] * a + under[1] * (1 - a),
        top[2] * a + under[2] * (1 - a),
        1,
      ];
    }
    function luminance([r, g, b]: Rgba): number {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    function ratio(a: Rgba, b: Rgba): number {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    }

    /**
     * The colour painted behind `element`: the backgrounds of it and its ancestors, each faded by
     * its opacity, composited from the first opaque one up; null when an image or gradient lies
     * behind (no single colour to measure against).
     */
    function backdrop(element: Element): Rgba | null {
      const layers: Rgba[] = [];
      for (let e: Element | null = element; e; e = e.parentElement) {
        const style = computed(e);
        if (style.backgroundImage !== 'none' && e !== document.documentElement) return null;
        const colour = parseColour(style.backgroundColor);
        if (!colour) return null;
        if (colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let painted: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) painted = over(layer, painted);
      return painted;
    }

    function opacity(element: Element): number {
      let value = 1;
      for (let e: Element | null = element; e; e = e.parentElement) value *= Number(computed(e).opacity);
      return value;
    }

    /** Hidden from sight on purpose: visually-hidden text, closed collapses, zero-size boxes. */
    function hiddenOnPurpose(e: Element | null): boolean {
      if (!e) return false;
      const known = hiddenCache.get(e);
      if (known !== undefined) return known;
      const style = computed(e);
      const box = boxOf(e);
      const hidden =
        style.visibility === 'hidden' ||
        style.display === 'none' ||
        (style.clip !== 'auto' && style.clip !== '') ||
        style.clipPath !== 'none' ||
        (e.getAttribute('aria-hidden') === 'true' && e.tagName !== 'svg') ||
        box.width <= 1 ||
        box.height <= 1 ||
        hiddenOnPurpose(e.parentElement);
      hiddenCache.set(e, hidden);
      return hidden;
    }

    function disabled(element: Element): boolean {
      return !!element.closest(':disabled, [aria-disabled="true"], [data-disabled="true"], [data-disabled]');
    }

    // Elements that carry text of their own.
    const texts: Element[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || seen.has(parent) || !(node.textContent ?? '').trim()) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(parent.tagName)) continue;
      seen.add(parent);
      texts.push(parent);
    }

    for (const element of texts) {
      if (hiddenOnPurpose(element)) continue;
      const style = computed(element);
      const box = boxOf(element);

      // Contrast.
      if (!disabled(element)) {
        const isSvgText = element instanceof SVGElement;
        const ink = parseColour(isSvgText ? style.fill : style.color);
        const behind = backdrop(element);
        if (ink && behind) {
          const alpha = ink[3] * opacity(element);
          const drawn = over([ink[0], ink[1], ink[2], alpha], behind);
          const size = parseFloat(style.fontSize);
          const bold = Number(style.fontWeight) >= 700;
          const large = size >= 24 || (bold && size >= 18.66);
          const needed = large ? 3 : 4.5;
          const measured = ratio(drawn, behind);
          if (measured < needed) {
            problems.push({
              kind: 'contrast',
              where: describe(element),
              detail: `${measured.toFixed(2)}:1 (needs ${needed}:1): ${style.color} on ${behind
                .slice(0, 3)
                .map(Math.round)
                .join(',')}`,
            });
          }
        }
      }

      // Clipping: by an ancestor that hides overflow, by its own ellipsis, by the viewport.
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        problems.push({ kind: 'clipped', where: describe(element), detail: 'cut short by an ellipsis' });
        continue;
      }
      let scrolledInside = false;
      for (let e: Element | null = element.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = computed(e);
        const scrollsX = /auto|scroll/.test(s.overflowX);
        const scrollsY = /auto|scroll/.test(s.overflowY);
        if (scrollsX) scrolledInside = true;
        if (scrollsX && scrollsY) break;
        const clipsX = /hidden|clip/.test(s.overflowX) && !scrollsX;
        const clipsY = /hidden|clip/.test(s.overflowY) && !scrollsY;
        if (!clipsX && !clipsY) continue;
        const edge = boxOf(e);
        const outX = clipsX && (box.left < edge.left - 1 || box.right > edge.right + 1);
        const outY = clipsY && (box.top < edge.top - 1 || box.bottom > edge.bottom + 1);
        if (outX || outY) {
          problems.push({
            kind: 'clipped',
            where: describe(element),
            detail: `cut by ${describe(e).split(' "')[0]} (${Math.round(box.right - edge.right)} px beyond on the right, ${Math.round(box.bottom - edge.bottom)} px below)`,
          });
          break;
        }
      }
      if (!scrolledInside && box.right > viewportWidth + 1) {
        problems.push({
          kind: 'clipped',
          where: describe(element),
          detail: `ends ${Math.round(box.right - viewportWidth)} px beyond the viewport`,
        });
      }
    }

    // The page itself.
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewportWidth + 1) {
      problems.push({
        kind: 'page-width',
        where: 'html',
        detail: `the page is ${pageWidth} px wide in a ${viewportWidth} px viewport`,
      });
    }

    // Icon-only controls without a name.
    function textOf(element: Element): string {
      let text = '';
      for (const node of element.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
        else if (node instanceof Element) {
          if (node.getAttribute('aria-hidden') === 'true') continue;
          if (node.tagName === 'IMG') text += node.getAttribute('alt') ?? '';
          else if (node.tagName === 'svg') text += node.querySelector('title')?.textContent ?? '';
          else text += node.getAttribute('aria-label') ?? textOf(node);
        }
      }
      return text.trim();
    }
    function accessibleName(element: Element): string {
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy) {
        const text = labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
        if (text) return text;
      }
      const label = element.getAttribute('aria-label')?.trim();
      if (label) return label;
      const own = textOf(element);
      if (own) return own;
      if (element.id) {
        const forLabel = document.querySelector(`label[for="${CSS.escape(element.id)}"]`);
        if (forLabel?.textContent?.trim()) return forLabel.textContent.trim();
      }
      return element.getAttribute('title')?.trim() ?? '';
    }
    const controls = document.querySelectorAll(
      'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"]',
    );
    for (const control of controls) {
      if (control.getClientRects().length === 0 || hiddenOnPurpose(control)) continue;
      if (!accessibleName(control)) {
        problems.push({ kind: 'unnamed-control', where: describe(control), detail: 'no accessible name' });
      }
    }

    return problems as PageProblem[];
  });
}

/** What shows that a page is still loading: loaders, skeletons, progress bars, busy regions. */
export const LOADERS =
  '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [role="progressbar"], [aria-busy="true"]';

/**
 * What still says it is loading: a Mantine loader or skeleton, a progress bar, an element marked
 * busy, or a text that says "Loading…" or "Please wait", when visible. Called once the page's
 * requests have settled (and a second has passed), anything found is a spinner that outlived its
 * data, or one that never ends.
 */
export async function loadersOnScreen(page: Page): Promise<PageProblem[]> {
  return page.evaluate((selector) => {
    const shown = (e: Element) => {
      if (e.getClientRects().length === 0) return false;
      const style = getComputedStyle(e);
      return style.visibility !== 'hidden' && !e.closest('[aria-hidden="true"]:not(svg)');
    };
    const where = (e: Element) => {
      const label = e.getAttribute('aria-label') ?? e.textContent ?? '';
      const cls = [...e.classList].find((c) => c.startsWith('mantine-')) ?? e.tagName.toLowerCase();
      return `${cls}${label.trim() ? ` "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"` : ''}`;
    };
    const found: { kind: 'loading'; where: string; detail: string }[] = [];
    const busy = document.querySelectorAll(selector);
    for (const e of busy) {
      if (shown(e))
        found.push({ kind: 'loading', where: where(e), detail: 'still loading after the data came' });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!parent || !/^(loading\b|please wait\b)/i.test(text) || !shown(parent)) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(parent.tagName)) continue;
      found.push({ kind: 'loading', where: where(parent), detail: 'says it is loading after the data came' });
    }
    return found;
  }, LOADERS);
}
