/**
 * The panel's own rules. They reach the shadow root as a constructed stylesheet
 * (`adoptedStyleSheets`), which a strict Content-Security-Policy (`style-src 'self'`, no
 * `'unsafe-inline'`) allows, and no element carries a `style` attribute. Where constructed sheets
 * are missing, a `<style>` element holds the same rules. The panel and its scrolling view contain
 * their layout and paint (`contain: content`): a redrawn row lays out the panel, never the page.
 */
const PANEL_CSS = `
:host { display: block; contain: content; font: 13px/1.4 system-ui, sans-serif; color: #1d1d1f; }
.fsd { border: 1px solid #8a8a8e; border-radius: 6px; background: #fff; padding: 8px; }
.fsd-bar, .fsd-tabs { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 8px; }
.fsd h2 { font-size: 14px; margin: 0 auto 0 0; }
.fsd h3 { font-size: 13px; margin: 8px 0 4px; }
.fsd button, .fsd select, .fsd input { font: inherit; }
.fsd button { border: 1px solid #5a5a5f; border-radius: 4px; background: #f2f2f4; color: #1d1d1f; padding: 2px 8px; }
.fsd button[aria-pressed="true"] { background: #1d1d1f; color: #fff; }
.fsd :focus-visible { outline: 2px solid #0a58ca; outline-offset: 2px; }
.fsd-message:empty { display: none; }
.fsd-message[data-tone="error"] { color: #a4001d; }
.fsd-view { max-height: 60vh; overflow: auto; contain: content; }
.fsd-table { border-collapse: collapse; margin-bottom: 8px; }
.fsd-table caption { text-align: left; font-weight: 600; }
.fsd-table th, .fsd-table td { border: 1px solid #d0d0d4; padding: 2px 6px; text-align: left; vertical-align: top;
  white-space: pre-wrap; overflow-wrap: anywhere; max-width: 40ch; }
.fsd-entries { margin: 0; padding-left: 2em; }
.fsd-entry[data-kind="retry"], .fsd-entry[data-kind="error"] { color: #a4001d; }
.fsd-entry[data-kind="check"] { color: #6b3e00; }
.fsd-at { color: #55555a; font-variant-numeric: tabular-nums; }
.fsd-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.fsd-note { color: #55555a; }
.fsd-figure-list { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; }
.fsd-figure-list dd { margin: 0; }
`;

let sheet: CSSStyleSheet | undefined;

/** Gives `root` the panel's rules: one constructed sheet shared by every panel, or a `<style>` element. */
export function adoptPanelStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    if (sheet === undefined) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(PANEL_CSS);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  root.append(style);
}
