/**
 * A chart's SVG as a PNG, in the browser, without a library: the SVG the charting library drew
 * (recharts' surface) is copied with the styles the page computed for it (Mantine's colours are CSS
 * variables an image would not see), drawn on a white canvas at twice its size, and encoded.
 */

/** The chart's own SVG: recharts' surface at the top of its wrapper (legend icons are SVGs too). */
const CHART_SURFACE = '.recharts-wrapper > svg.recharts-surface';

const STYLED = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'fill-opacity',
  'font-size',
  'font-family',
  'font-weight',
] as const;

function inlineStyles(source: Element, copy: Element): void {
  const computed = getComputedStyle(source);
  const style = STYLED.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(';');
  copy.setAttribute('style', `${copy.getAttribute('style') ?? ''};${style}`);
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i]!, copy.children[i]!);
}

/** The chart's SVG (the one drawn within `container`) as a PNG blob. */
export async function chartPng(container: Element, scale = 2): Promise<Blob> {
  const svg = container.querySelector(CHART_SURFACE);
  if (!svg) throw new Error('The chart has no drawing to save yet.');
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, copy);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  // A data: URL, which the page's Content-Security-Policy allows for images (blob: it does not).
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot draw the chart.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be encoded.'))),
      'image/png',
    ),
  );
}
