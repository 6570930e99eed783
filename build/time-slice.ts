// Long synchronous loops (reading a thousand sources, compiling Markdown on the main thread)
// would keep the dev server from answering, and esbuild's replies from arriving, until they end.
// A loop calls the returned function after each item: once `ms` have passed since the last
// pause, it yields to the event loop.
export function timeSlicer(ms: number): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < ms) return undefined;
    return new Promise<void>((resolve) => setImmediate(() => {
      sliceStart = performance.now();
      resolve();
    }));
  };
}
