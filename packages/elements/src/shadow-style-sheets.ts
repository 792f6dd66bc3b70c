/**
 * The stylesheets a Fieldstream element's shadow root adopts when it is attached. Empty unless
 * `@fieldstream/elements/shadow-styles` is imported: the default rules are opt-in, so a page that
 * styles its shadow roots by parts and custom properties alone does not ship them.
 */
export const shadowStyleSheets: CSSStyleSheet[] = [];
