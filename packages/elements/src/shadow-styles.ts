/**
 * The few rules a shadow root needs to work without the page's stylesheet: the announcer out of
 * sight, a label beside each value, the streaming caret. Everything else is the page's, through
 * `::part(…)` and the `--fs-*` custom properties (which cross the shadow boundary).
 */
// Written minified: these bytes ship with every page that loads the elements. (A `<p>` in a shadow
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

/** A `<style>` element holding the shadow root's own rules. */
export function shadowStyles(): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = SHADOW_CSS;
  return style;
}
