// The child process of build/render/minify.ts: `node minify-child.mjs FILE...` minifies each file
// again with swc, one after another, and exits (1, with the file and swc's message, on a failure).
import { minifyFile } from './minify.ts';

const { transform } = await import('@swc/core');
for (const file of process.argv.slice(2)) {
  try {
    await minifyFile(file, transform);
  } catch (e) {
    process.stderr.write(`${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
