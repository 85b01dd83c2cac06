// A small animation clock shared by animated figures: play/pause, runs only while the
// figure is on screen, and starts paused when the reader prefers reduced motion.
//
//   const p = player(canvas, (dt) => { advance(dt); draw(); }, (playing) => relabel(playing));
//   p.toggle(); p.destroy();

export function prefersReducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Calls `tick(dtSeconds)` once per animation frame while playing and while `target` is
 * at least partly visible. `onChange(playing)` fires when play state changes.
 */
export function player(target, tick, onChange = () => {}) {
  let playing = !prefersReducedMotion();
  let visible = typeof IntersectionObserver !== 'function';
  let raf = 0, last = 0;
  const io = visible ? null : new IntersectionObserver((entries) => {
    visible = entries[entries.length - 1].isIntersecting;
    schedule();
  });
  io?.observe(target);

  function frame(t) {
    raf = 0;
    if (!playing || !visible) return;
    // Clamp dt so a background tab or a long frame does not jump the animation.
    const dt = last ? Math.min(0.1, (t - last) / 1000) : 0;
    last = t;
    tick(dt);
    raf = requestAnimationFrame(frame);
  }
  function schedule() {
    if (playing && visible && !raf) { last = 0; raf = requestAnimationFrame(frame); }
    if ((!playing || !visible) && raf) { cancelAnimationFrame(raf); raf = 0; }
  }
  const api = {
    get playing() { return playing; },
    play() { playing = true; schedule(); onChange(true); },
    pause() { playing = false; schedule(); onChange(false); },
    toggle() { playing ? api.pause() : api.play(); },
    destroy() { playing = false; schedule(); io?.disconnect(); },
  };
  schedule();
  return api;
}
