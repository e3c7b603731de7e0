// H5: the browser's own URL parser is always there (src/platform/url.h5.ts); nothing to load.
export {}
