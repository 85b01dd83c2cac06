// Mounts every figure slot (<div data-figure="name">) of a site page, keeping each
// figure's state in the URL. Figures below the fold mount when they come near view.
import { createFigure, stateFromHash } from './figure.js';
import { loadFigure } from './figures/index.js';
import { PAGES } from './pages.js';

// Header navigation and (where a page asks for it) the page index, from one list.
const here = location.pathname.split('/').pop() || './';
const nav = document.querySelector('header.site nav');
if (nav) {
  // On narrow screens (site.css) the links fold behind a menu button.
  const links = Object.assign(document.createElement('div'), { className: 'links', id: 'site-links' });
  const menu = Object.assign(document.createElement('button'), { type: 'button', className: 'menu', textContent: 'Menu' });
  menu.setAttribute('aria-controls', links.id);
  menu.setAttribute('aria-expanded', 'false');
  menu.addEventListener('click', () => menu.setAttribute('aria-expanded', String(nav.classList.toggle('open'))));
  for (const p of PAGES) {
    const a = Object.assign(document.createElement('a'), { href: p.href, textContent: p.nav ?? p.title, title: p.title });
    if (p.href === here || (p.href === './' && here === 'index.html')) a.setAttribute('aria-current', 'page');
    links.append(a);
  }
  nav.replaceChildren(Object.assign(document.createElement('a'), { className: 'brand', href: './', textContent: 'landform' }), menu, links);
}
for (const list of document.querySelectorAll('[data-page-index]')) {
  for (const p of PAGES) {
    const li = document.createElement('li');
    li.append(Object.assign(document.createElement('a'), { href: p.href, textContent: p.title }), ` — ${p.blurb}`);
    list.append(li);
  }
}

const mounted = new Map();

async function mount(slot) {
  if (mounted.has(slot)) return;
  mounted.set(slot, null);
  const name = slot.dataset.figure;
  try {
    const def = await loadFigure(name);
    mounted.set(slot, await createFigure(slot, def, { state: stateFromHash(name), permalink: true }));
    slot.dataset.ready = 'true';
  } catch (e) {
    slot.dataset.ready = 'error';
    slot.textContent = `This figure could not start. ${e.message}`;
    slot.classList.add('lf-failed');
    console.error(e);
  }
}

const slots = [...document.querySelectorAll('[data-figure]')];
const io = 'IntersectionObserver' in window
  ? new IntersectionObserver((entries) => entries.forEach((e) => e.isIntersecting && mount(e.target)), { rootMargin: '600px' })
  : null;
for (const s of slots) io ? io.observe(s) : mount(s);

// Tests and readers can ask for every figure at once (e.g. before printing).
window.landformMountAll = () => Promise.all(slots.map(mount));
