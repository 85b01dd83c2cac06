// Figure 13: a four-question quiz. Every choice explains itself when picked, right or
// wrong; the score counts first answers. Plain buttons, so keyboards work as is.
import { el } from '../controls.js';

export const QUESTIONS = [
  {
    q: 'You fill a heightmap with one uniform random number per cell and get TV static. Why does Perlin noise fix this?',
    choices: [
      { text: 'Its values cover a wider range.', why: 'No: the range is not the problem. Static in a wide range is still static; what is missing is any relation between neighbours.' },
      { text: 'Neighbouring cells get close values: it is continuous.', right: true, why: 'Right. Coherent noise makes nearby inputs give nearby outputs, so hills and valleys appear instead of speckle.' },
      { text: 'It is faster than a random number generator.', why: 'No: it is slower, since each sample blends several hashed corners. Speed is not what makes it look like terrain.' },
    ],
  },
  {
    q: 'You want large mountains with fine detail on them, and you are at 1 octave. What do you change?',
    choices: [
      { text: 'Add octaves and keep persistence around 0.5.', right: true, why: 'Right. Each octave adds a finer, quieter layer on top of the large shapes, which stay where they are.' },
      { text: 'Lower the scale.', why: 'No: a lower scale zooms out, shrinking the mountains themselves. It changes size, not detail.' },
      { text: 'Raise persistence to 0.9.', why: 'No: with one octave persistence does nothing, and with many, 0.9 makes the fine layers almost as loud as the mountains: rough, not detailed.' },
    ],
  },
  {
    q: 'Your caves from noise and a threshold come out as many disconnected pockets. What fixes it?',
    choices: [
      { text: 'Raise the threshold to get fewer caves.', why: 'No: fewer open cells means even more isolated pockets, not connected ones.' },
      { text: 'Lower the scale so the caves are smaller.', why: 'No: smaller features make more, tinier pockets.' },
      { text: 'Run a cellular automaton afterwards to smooth and connect them.', right: true, why: 'Right. The noise gives the rough shape; a few automaton steps smooth the walls, and a region pass removes or joins the leftover pockets.' },
    ],
  },
  {
    q: 'You have 2D Perlin noise for a water surface and want it to move over time. What is the smallest change?',
    choices: [
      { text: 'Change the seed every frame.', why: 'No: a new seed is a completely unrelated picture, so the water would flicker instead of flowing.' },
      { text: 'Use 3D noise with time as the third coordinate.', right: true, why: 'Right. Nearby times give nearby pictures, exactly as nearby positions give nearby values, so the surface flows smoothly.' },
      { text: 'Multiply the 2D output by sin(time).', why: 'No: that only makes the same pattern pulse brighter and darker; nothing moves.' },
    ],
  },
];

export default {
  name: 'quiz',
  title: 'Quiz: four questions',
  caption: 'Figure 13. Pick an answer; its explanation appears whether it is right or wrong, and you may try the other choices too. The score counts your first answer to each question.',
  noCanvas: true,
  controls: [
    { key: 'reset', type: 'button', label: 'Start over' },
  ],

  mount(stage) {
    const first = new Array(QUESTIONS.length).fill(null);
    const score = el('p', { class: 'lf-score', role: 'status' });
    const list = el('ol', { class: 'lf-quiz' });
    const items = QUESTIONS.map((item, qi) => {
      const feedback = el('div', { class: 'lf-feedback', 'aria-live': 'polite' });
      const buttons = item.choices.map((c, ci) => {
        const b = el('button', { type: 'button', class: 'lf-answer', 'data-q': qi, 'data-choice': ci, 'aria-pressed': 'false' },
          el('span', { class: 'lf-letter' }, 'ABC'[ci]), el('span', {}, c.text), el('span', { class: 'lf-mark', 'aria-hidden': 'true' }));
        b.addEventListener('click', () => choose(qi, ci));
        return b;
      });
      const li = el('li', { class: 'lf-question' }, el('p', { class: 'lf-q', id: `lf-q${qi}-${Math.random().toString(36).slice(2, 7)}` }, item.q),
        el('div', { class: 'lf-answers', role: 'group' }, ...buttons), feedback);
      li.querySelector('.lf-answers').setAttribute('aria-labelledby', li.querySelector('.lf-q').id);
      list.append(li);
      return { buttons, feedback };
    });
    stage.append(el('div', { class: 'lf-quiz-wrap' }, list, score));

    function choose(qi, ci) {
      const c = QUESTIONS[qi].choices[ci];
      if (first[qi] === null) first[qi] = !!c.right;
      const { buttons, feedback } = items[qi];
      buttons.forEach((b, k) => {
        const chosen = k === ci;
        b.setAttribute('aria-pressed', String(chosen));
        if (chosen) b.dataset.result = c.right ? 'right' : 'wrong';
        else delete b.dataset.result;
        b.querySelector('.lf-mark').textContent = chosen ? (c.right ? '✓ Right' : '✗ Wrong') : '';
      });
      feedback.className = `lf-feedback ${c.right ? 'lf-right' : 'lf-wrong'}`;
      feedback.dataset.choice = String(ci);
      feedback.replaceChildren(el('strong', {}, c.right ? '✓ Correct. ' : '✗ Not quite. '), c.why.replace(/^(Right\.|No:)\s*/, '').replace(/^./, (m) => m.toUpperCase()));
      showScore();
    }

    function showScore() {
      const answered = first.filter((x) => x !== null).length;
      const right = first.filter((x) => x === true).length;
      score.dataset.right = String(right);
      score.dataset.answered = String(answered);
      score.textContent = answered === QUESTIONS.length
        ? `Score: ${right} / ${QUESTIONS.length} on first tries.${right === QUESTIONS.length ? ' Well done!' : ''}`
        : `Score: ${right} / ${answered} so far (${QUESTIONS.length - answered} to go).`;
    }

    function reset() {
      first.fill(null);
      for (const { buttons, feedback } of items) {
        for (const b of buttons) { b.setAttribute('aria-pressed', 'false'); delete b.dataset.result; b.querySelector('.lf-mark').textContent = ''; }
        feedback.className = 'lf-feedback';
        feedback.replaceChildren();
        delete feedback.dataset.choice;
      }
      showScore();
      items[0].buttons[0].focus();
    }

    showScore();
    return { update() {}, action(key) { if (key === 'reset') reset(); }, destroy() {} };
  },
};
