// Controls that every figure shares: sliders with live value labels, choice toggles,
// seed buttons, check boxes and plain buttons. A control is described by a plain
// object; `buildControls` turns a list of them into labelled, keyboard-usable DOM.
//
//   { key: 'scale', type: 'range', label: 'Scale', min: 4, max: 128, step: 1, value: 32, digits: 0 }
//   { key: 'noise', type: 'choice', label: 'Noise', options: [['perlin', 'Perlin'], ['value', 'Value']], value: 'perlin' }
//   { key: 'seed', type: 'seed', label: 'New seed', value: 42 }
//   { key: 'ridges', type: 'toggle', label: 'Ridges', value: false }
//   { key: 'run', type: 'button', label: 'Erode' }          (fires onAction, holds no state)
//
// Any control may name a `group`: consecutive controls of one group are boxed under
// its name, in a <details> that the figure may list as closed (`closedGroups`).

let uid = 0;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** An integer as superscript digits, for powers of ten: superscript(-3) is '⁻³'. */
export function superscript(n) {
  const digits = '⁰¹²³⁴⁵⁶⁷⁸⁹';
  return (n < 0 ? '⁻' : '') + [...String(Math.abs(n))].map((c) => digits[c]).join('');
}

export function formatValue(c, v) {
  if (c.format) return c.format(v);
  const digits = c.digits ?? (Number.isInteger(c.step ?? 1) ? 0 : 2);
  return Number(v).toFixed(digits);
}

/** Parses a string (URL or attribute) into the type a control holds. */
export function parseValue(c, s) {
  switch (c.type) {
    case 'range': case 'seed': {
      const n = Number(s);
      if (!Number.isFinite(n)) return c.value;
      return c.type === 'range' ? Math.min(c.max, Math.max(c.min, n)) : Math.max(0, Math.floor(n)) >>> 0;
    }
    case 'toggle': return s === true || s === 'true' || s === '1' || s === '';
    case 'choice': return c.options.some(([v]) => v === s) ? s : c.value;
    default: return s;
  }
}

/**
 * Builds the controls into `root`. `onChange(key, value, live)` fires on every change
 * (`live` is true while a slider is being dragged); `onAction(key)` for buttons.
 * Returns `set(key, value)` to move a control programmatically (e.g. a seed button).
 */
export function buildControls(root, controls, state, onChange, onAction = () => {}, { closed = [] } = {}) {
  const setters = {};
  let host = root, group = null;
  for (const c of controls) {
    const id = `lf-c${++uid}`;
    // Consecutive controls with the same `group` share a <details> box headed by the
    // group's name; groups named in `closed` start folded (rarely used settings).
    if ((c.group ?? null) !== group) {
      group = c.group ?? null;
      host = root;
      if (group) {
        const box = el('details', { class: 'lf-group', 'data-group': group }, el('summary', {}, group));
        box.open = !closed.includes(group);
        host = el('div', { class: 'lf-group-body' });
        box.append(host);
        root.append(box);
      }
    }
    if (c.type === 'range') {
      const out = el('output', { for: id, class: 'lf-value' }, formatValue(c, state[c.key]));
      const input = el('input', { id, type: 'range', min: c.min, max: c.max, step: c.step ?? 1, 'data-key': c.key });
      input.value = state[c.key];
      const fire = (live) => {
        const v = Number(input.value);
        out.textContent = formatValue(c, v);
        onChange(c.key, v, live);
      };
      input.addEventListener('input', () => fire(true));
      input.addEventListener('change', () => fire(false));
      host.append(el('label', { class: 'lf-control lf-range', for: id }, el('span', { class: 'lf-label' }, c.label), input, out));
      setters[c.key] = (v) => { input.value = v; out.textContent = formatValue(c, v); };
    } else if (c.type === 'choice') {
      const group = el('div', { class: 'lf-control lf-choice', role: 'radiogroup', 'aria-label': c.label, 'data-key': c.key });
      if (c.label) group.append(el('span', { class: 'lf-label' }, c.label));
      // The ARIA radio-group pattern: one Tab stop (the checked option, roving
      // tabindex); arrow keys, Home and End move the choice and the focus.
      const choose = (value) => { setters[c.key](value); onChange(c.key, value, false); };
      const buttons = c.options.map(([value, text]) => {
        const b = el('button', { type: 'button', role: 'radio', 'data-value': value }, text);
        b.addEventListener('click', () => choose(value));
        group.append(b);
        return b;
      });
      group.addEventListener('keydown', (e) => {
        const at = buttons.indexOf(e.target);
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
        const to = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : step ? (at + step + buttons.length) % buttons.length : -1;
        if (at < 0 || to < 0) return;
        e.preventDefault();
        buttons[to].focus();
        choose(buttons[to].dataset.value);
      });
      host.append(group);
      setters[c.key] = (v) => buttons.forEach((b) => {
        b.setAttribute('aria-checked', String(b.dataset.value === v));
        b.tabIndex = b.dataset.value === v ? 0 : -1;
      });
      setters[c.key](state[c.key]);
    } else if (c.type === 'seed') {
      const b = el('button', { type: 'button', class: 'lf-control lf-seed', 'data-key': c.key });
      const show = (v) => { b.textContent = `↻ ${c.label ?? 'Seed'}: ${v}`; };
      b.addEventListener('click', () => {
        const next = Math.floor(Math.random() * 100000);
        show(next);
        onChange(c.key, next, false);
      });
      host.append(b);
      setters[c.key] = show;
      show(state[c.key]);
    } else if (c.type === 'toggle') {
      const input = el('input', { id, type: 'checkbox', 'data-key': c.key });
      input.checked = !!state[c.key];
      input.addEventListener('change', () => onChange(c.key, input.checked, false));
      host.append(el('label', { class: 'lf-control lf-toggle', for: id }, input, el('span', { class: 'lf-label' }, c.label)));
      setters[c.key] = (v) => { input.checked = !!v; };
    } else if (c.type === 'button') {
      const b = el('button', { type: 'button', class: 'lf-control lf-button', 'data-key': c.key }, c.label);
      b.addEventListener('click', () => onAction(c.key));
      host.append(b);
      setters[c.key] = (label) => { if (typeof label === 'string') b.textContent = label; };
    }
  }
  return (key, value) => setters[key]?.(value);
}

export { el };
