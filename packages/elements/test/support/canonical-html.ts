// Markup compared by what styles and assistive technology read: elements, classes, data and ARIA
// attributes and text. Ids (and the aria-labelledby naming them), CSS parts and comments differ
// between renderers and are left out; attributes are sorted.
const IGNORED = new Set(['id', 'aria-labelledby', 'part']);

export function canonicalHtml(root: Node): string {
  if (root.nodeType === Node.TEXT_NODE) return root.textContent ?? '';
  if (!(root instanceof Element)) return [...root.childNodes].map(canonicalHtml).join('');
  const attributes = [...root.attributes]
    .filter((attribute) => !IGNORED.has(attribute.name))
    .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
    .sort()
    .join('');
  const tag = root.localName;
  return `<${tag}${attributes}>${[...root.childNodes].map(canonicalHtml).join('')}</${tag}>`;
}

/** `html` (a server renderer's string) in canonical form. */
export function canonicalOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.normalize();
  return canonicalHtml(template.content);
}
