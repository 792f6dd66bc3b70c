/** An element of `tag` with a CSS part (it lets a shadow root's host page style it) and, when given, a class. */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  part: string,
  className?: string,
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  node.setAttribute('part', part);
  return node;
}

/** Sets `name` to `value`, or removes it for `undefined` (as React does for an `undefined` prop). */
export function setAttribute(node: Element, name: string, value: string | undefined): void {
  if (value === undefined) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Sets model text as text: never parsed as HTML. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
