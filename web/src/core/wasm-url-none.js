// The one-file build inlines the wasm in the glue itself: there is no download to follow.
export const WASM_URL = null;
