// Stands in for web-ifc in the browser build (vite.config.ts): @thatopen/fragments imports it for
// IFC conversion and geometry authoring, which Plumbline does on the server. The viewer never
// calls it; anything that did would fail loudly here rather than download 3 MB of wasm.
export {};
