// The dev server's bundles: the same client and server-render builds as production
// (build/render/bundle.ts), kept in esbuild incremental contexts so a theme edit rebuilds in tens of
// milliseconds, plus the live-reload client (src/client/dev-client.ts), served from memory.
import { readFileSync, rmSync } from 'node:fs';
import { filesUnder } from '../file-tree.ts';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { currentIconSprite, SHAPES_FILE, writeIconSprite } from '../render/icon-sprite.ts';
import { clientAssetsOf, clientBuildOptions, loadRenderer, rethrow, serverBuildOptions, type BundleInput, type ClientAssets, type ServerRenderer } from '../render/bundle.ts';

export const DEV_CLIENT_ENTRY = 'src/client/dev-client.ts';

export interface DevBundles {
  assets: ClientAssets;
  renderer: ServerRenderer;
  /** The live-reload client, one ES module. */
  devClient: string;
}

const readShapes = (projectRoot: string) => readFileSync(path.join(projectRoot, SHAPES_FILE), 'utf8');

interface Contexts {
  client: esbuild.BuildContext<{ metafile: true }>;
  server: esbuild.BuildContext<{ write: false }>;
  devClient: esbuild.BuildContext<{ write: false }>;
}

export class DevBundler {
  /** The icons' shapes file as it was when the sprite was made: a rebuild makes it again only when the file changed. */
  private shapesSource: string;

  private constructor(
    private readonly input: BundleInput,
    private contexts: Contexts,
  ) {
    this.shapesSource = readShapes(input.projectRoot);
  }

  /**
   * `input` is read on every rebuild (the virtual modules read its config and React pages), so
   * the session updates it in place before calling rebuild().
   */
  static async create(input: BundleInput): Promise<DevBundler> {
    try {
      input.iconSprite = await currentIconSprite(input.projectRoot);
    } catch (e) {
      rethrow(e); // a syntax error in the shapes, with its file and line
    }
    return new DevBundler(input, await DevBundler.contextsFor(input));
  }

  private static async contextsFor(input: BundleInput): Promise<Contexts> {
    const client = clientBuildOptions(input);
    const [c, s, d] = await Promise.all([
      // The dev bundle keeps the live-update hook (SG_DEV) and skips minifying: faster, readable.
      esbuild.context({ ...client, minify: false, define: { ...client.define, 'process.env.SG_DEV': '"1"' } }),
      esbuild.context({ ...serverBuildOptions(input), minifyWhitespace: false }),
      esbuild.context({
        absWorkingDir: input.projectRoot, entryPoints: [DEV_CLIENT_ENTRY], bundle: true, write: false, format: 'esm',
        platform: 'browser', target: 'es2020', outfile: 'dev-client.js', logLevel: 'silent',
      }),
    ]);
    return { client: c, server: s, devClient: d };
  }

  /** Rebuilds all three; throws a BuildError naming the file and line of the first error. */
  async rebuild(): Promise<DevBundles> {
    try {
      // The sprite's URL is built into both bundles: when an edit changed the icons, the
      // contexts are made again with the new one.
      const shapes = readShapes(this.input.projectRoot);
      if (shapes !== this.shapesSource) {
        const sprite = await currentIconSprite(this.input.projectRoot);
        this.shapesSource = shapes;
        if (sprite.url !== this.input.iconSprite?.url) {
          this.input.iconSprite = sprite;
          await this.dispose();
          this.contexts = await DevBundler.contextsFor(this.input);
        }
      }
      const sprite = this.input.iconSprite!;
      const { client, server, devClient } = this.contexts;
      const [c, s, d] = await Promise.all([client.rebuild(), server.rebuild(), devClient.rebuild()]);
      const assets = clientAssetsOf(c.metafile, this.input);
      this.removeStaleAssets(c.metafile, writeIconSprite(this.input.outDir, sprite));
      return { assets, renderer: await loadRenderer(s.outputFiles[0].text, this.input.projectRoot, { reloadable: true }), devClient: d.outputFiles[0].text };
    } catch (e) {
      rethrow(e);
    }
  }

  /** Hashed names change on every theme edit: drop the previous build's files. */
  private removeStaleAssets(metafile: esbuild.Metafile, sprite: string) {
    const assetsDir = path.join(this.input.outDir, 'assets');
    const current = new Set(Object.keys(metafile.outputs).map((o) => path.resolve(this.input.projectRoot, o)));
    current.add(path.join(this.input.outDir, sprite));
    for (const rel of filesUnder(assetsDir)) {
      const file = path.join(assetsDir, rel);
      // Content images and linked files live under assets/img and assets/files, and are the session's to manage.
      if (rel.startsWith('img/') || rel.startsWith('files/') || current.has(file)) continue;
      if (/\.(js|css|map)$/.test(rel) || /^icons\.\w+\.svg$/.test(rel) || path.dirname(rel) === 'media') rmSync(file, { force: true });
    }
  }

  async dispose(): Promise<void> {
    const { client, server, devClient } = this.contexts;
    await Promise.all([client.dispose(), server.dispose(), devClient.dispose()]);
  }
}
