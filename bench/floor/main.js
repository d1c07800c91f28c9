// One render per frame, as main.js does it, and the two counters the benchmark waits on.
let renders = 0;
const out = document.getElementById('out');
document.getElementById('sentence').addEventListener('input', (event) => {
  requestAnimationFrame(() => {
    out.textContent = event.target.value;
    renders += 1;
    document.body.dataset.shown = String(renders);
    document.body.dataset.renders = String(renders);
  });
});
document.body.dataset.shown = '0';
document.body.dataset.renders = '0';
document.body.dataset.ready = 'true';
