declare module 'virtual:fragments-worker-url' {
  /** URL of the fragments worker script (same origin). */
  const url: string;
  export default url;
}
