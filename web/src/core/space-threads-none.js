// The one-file page's stand-in for space-threads.js (vite.file.config.js): no threaded module,
// nothing to inline. Opened from disk, the page starts no workers, so it could never use one.
export const threadsAllowed = () => false;
export const threadedSpaceModule = async () => null;
