// One script tag puts any landform figure into any static page:
//   <script type="module" src="https://your.host/landform/landform-embed.js"></script>
//   <landform-figure name="caves" seed="7" threshold="0.5"></landform-figure>
// The wasm is found relative to this file; all figures on a page share one instance;
// styles stay inside each figure's shadow root. No COOP/COEP headers are needed; a
// page on another origin than these files needs the host to send
// `Access-Control-Allow-Origin: *` (GitHub Pages does), as for any module script.
import { createFigure } from './js/figure.js';
import { loadFigure } from './js/figures/index.js';

const css = new URL('./css/figure.css', import.meta.url).href;

class LandformFigure extends HTMLElement {
  async connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css;
    const host = document.createElement('div');
    root.append(link, host);
    const overrides = {};
    for (const { name, value } of this.attributes) {
      if (name !== 'name') overrides[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = value;
    }
    try {
      const def = await loadFigure(this.getAttribute('name'));
      this.figure = await createFigure(host, def, { state: overrides });
      this.dataset.ready = 'true';
    } catch (e) {
      host.className = 'lf-failed';
      host.textContent = `This figure could not start. ${e.message}`;
      this.dataset.ready = 'error';
      console.error(e);
    }
  }

  disconnectedCallback() {
    this.figure?.destroy();
  }
}

if (!customElements.get('landform-figure')) customElements.define('landform-figure', LandformFigure);
