// What a docs page does to embed the whiteboard: frame it and size the iframe to the height it
// posts. The test reads window.heights (every message) back.
window.heights = [];
const frame = document.getElementById('whiteboard');
const src = decodeURIComponent(window.location.hash.slice(1));
const expectedOrigin = new URL(src).origin;
// ?width=600 on this page: the frame's width (320 px otherwise), as a course page's column sets it
const width = new URLSearchParams(window.location.search).get('width');
if (width) frame.style.width = `${Number(width)}px`;
window.addEventListener('message', (event) => {
  if (event.origin !== expectedOrigin || event.data?.type !== 'attention-whiteboard:height') return;
  window.heights.push(event.data);
  frame.style.height = `${event.data.height}px`;
});
frame.src = src;
