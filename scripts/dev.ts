// `npm run dev` — watch mode for authors. Not built yet (a later issue); fail clearly meanwhile.
console.error('npm run dev: watch mode is not yet implemented. Use `npm start` (build + preview) for now.');
process.exit(1);
