// @fieldstream/elements/shadow-styles: importing this entry gives every shadow root the elements
// attach a few default rules (a side effect, as `@fieldstream/react/styles.css` is a stylesheet to
// import): the announcer out of sight, a label beside each value, the streaming caret. Everything
// else is the page's, through `::part(…)` and the `--fs-*` custom properties (which cross the shadow
// boundary). Light DOM is the page's stylesheet alone: these rules never reach it.
import { shadowStyleSheets } from './shadow-style-sheets';
import { FIELDSTREAM_TAGS } from './tags';

// Written minified: these bytes ship with every page that imports this entry. (A `<p>` in a shadow
// root has no padding or border to undo: no stylesheet but this one reaches it.)
const SHADOW_CSS =
  ':host{display:block}' +
  '.fs-announce{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
  '.fs-live-form,.fs-progress{position:relative;color:var(--fs-ink,inherit)}' +
  '.fs-field{display:grid;grid-template-columns:var(--fs-label-width,minmax(6em,30%)) minmax(0,1fr);gap:8px}' +
  '.fs-field>:only-child{grid-column:1/-1}' +
  '.fs-field-text{white-space:pre-wrap;overflow-wrap:anywhere}' +
  '.fs-field[data-phase=streaming] .fs-field-text::after{content:"▍";color:var(--fs-accent,currentColor)}' +
  '.fs-field[data-stale=true] .fs-field-text{opacity:.6}' +
  '.fs-progress ul{margin:0;padding:0;list-style:none}' +
  '.fs-progress-row{display:flex;justify-content:space-between;gap:8px}';

// On a server (no CSSOM) there is no shadow root to style: importing the entry does nothing there.
if (globalThis.CSSStyleSheet !== undefined) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SHADOW_CSS);
  // Elements that drew before this entry ran (it was imported after the definitions) adopt it now;
  // every shadow root attached from here on adopts it with the rest.
  for (const element of document.querySelectorAll(Object.values(FIELDSTREAM_TAGS).join(','))) {
    const root = element.shadowRoot;
    if (root !== null) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  shadowStyleSheets.push(sheet);
}
