// Not code that runs: a map for esbuild's code splitting. esbuild puts each module into a chunk
// by the set of entry points that reach it (the page entry and every lazily loaded part), and
// each distinct set is one more file a first visit downloads. Every lazily loaded module
// imports this file (React pages through the build's wrapper, see build/render/bundle.ts), so
// all of them reach the whole app: the shared code lands in one chunk, a first visit downloads
// two files instead of four, and gzip sees that code as one piece (about 1.5 KB less).
export { hydrateRoot } from 'react-dom/client';
export { App } from '../theme/Layout/Layout.tsx';
