// Stands in for web-ifc in the browser build (vite.config.ts): @thatopen/fragments imports it for
// IFC conversion and geometry authoring, which Plumbline does on the server; the viewer never calls
// it. CommonJS on purpose: an empty exports object, so the bundler reads the namespace as dynamic
// instead of warning about each of the hundreds of constants fragments names.
module.exports = {};
