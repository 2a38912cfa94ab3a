// What `react-dom` is in the browser: Preact's compat layer (decision 006), plus the resource hints React DOM has and
// Preact has not. Code that runs on the server only calls `preload` through `?.`; declaring it here, as nothing,
// keeps the bundler from warning that the export is missing.
export * from 'preact/compat';
export { default } from 'preact/compat';
export const preload = undefined;
