// The little of Node's 'events' that tsne-js's dist/ uses (on, emit), for the browser bundle of
// bench/space-peers.js: its own browser build (build/tsne.min.js) breaks cwise's generated code
// (ReferenceError: _inline_2_Math is not defined), so the dist/ build is bundled instead.
// A function, not a class: tsne-js's Babel 5 output calls the parent constructor without `new`.
export function EventEmitter() {
  this._handlers = {};
}
EventEmitter.prototype.on = function on(name, handler) {
  (this._handlers[name] ??= []).push(handler);
  return this;
};
EventEmitter.prototype.emit = function emit(name, ...args) {
  const handlers = this._handlers[name] ?? [];
  for (const handler of handlers) handler(...args);
  return handlers.length > 0;
};
export default EventEmitter;
