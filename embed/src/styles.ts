/**
 * The widget's stylesheet, adopted by its Shadow DOM: host-page rules cannot reach inside
 * (`svg { display: none }` on the host page does nothing here) and these rules cannot leak out.
 * Two more guards at the boundary:
 * - `.tl { all: initial }` stops inheritance: fonts, colours, letter-spacing or text-transform set
 *   on the host element or its ancestors do not flow into the chart;
 * - on the host element itself, generic page rules (`div { border: 3px solid red; padding: 6px }`)
 *   are overruled by `!important` declarations (inside a shadow tree they beat the page's, even
 *   its `!important` ones) — but only for decoration: display, width, margins and the `hidden`
 *   attribute stay the host page's to set, so it can place, size and hide the chart.
 */
export const STYLES = `:host{display:block;border:0!important;padding:0!important;background:none!important;box-shadow:none!important;outline:0!important;filter:none!important;contain:content}
:host([hidden]){display:none}
.tl{all:initial;display:block;--bg:#fff;--fg:#1f2937;--muted:#4b5563;--grid:#e5e7eb;--zero:#9ca3af;position:relative;box-sizing:border-box;margin:0;padding:12px;border:1px solid var(--grid);border-radius:8px;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;text-align:left}
.dark{--bg:#1e1e24;--fg:#f3f4f6;--muted:#c2c7d0;--grid:#3a3d46;--zero:#6b7280}
@media (prefers-color-scheme:dark){.auto{--bg:#1e1e24;--fg:#f3f4f6;--muted:#c2c7d0;--grid:#3a3d46;--zero:#6b7280}}
.tl *{box-sizing:border-box}
.tl-title{margin:0 0 8px;font-size:15px;font-weight:600}
.tl-chart{display:block;overflow:visible}
.tl-grid{stroke:var(--grid)}
.tl-zero{stroke:var(--zero)}
.tl text{fill:var(--muted);font:11px system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.tl-slice{stroke:var(--bg);stroke-width:1.5}
.tl-legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin:8px 0 0;padding:0;list-style:none;font-size:12px}
.tl-legend li{display:flex;align-items:center;gap:6px}
.tl-swatch{flex:none;width:10px;height:10px;border-radius:2px}
.tl-status{display:flex;align-items:center;justify-content:center;margin:0;color:var(--muted)}
.tl-loading:before{content:"";width:14px;height:14px;margin-right:8px;border:2px solid var(--grid);border-top-color:var(--muted);border-radius:50%;animation:tl-spin 1s linear infinite}
@keyframes tl-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.tl-loading:before{animation:none}}
.tl-powered{margin:8px 0 0;font-size:11px;text-align:right}
.tl-powered a{color:var(--muted);text-decoration:none}
.tl-powered a:hover,.tl-powered a:focus{text-decoration:underline}
.tl-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}`;
