import { type Compiler, rspack } from '@rspack/core';
import { defineApp } from '../rspack.base.ts';

/**
 * Writes `preload.json`: the files of the entry, of the `bootstrap` chunk group (src/index.ts
 * imports it under that name) and of the `sanitizer` group (DOMPurify, shared-ui's sanitize.ts).
 * The server names them as preloads in the page's `<head>` (server/src/http/preload.ts), so they
 * download beside `main.js` instead of one after another once it has run.
 */
class PreloadListPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadListPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const filesOf = (name: string) => {
            const group = compilation.namedChunkGroups.get(name) ?? compilation.entrypoints.get(name);
            const files = group ? group.chunks.flatMap((chunk) => [...chunk.files]) : [];
            return files.filter((file) => /\.(js|css)$/.test(file));
          };
          const lists = {
            entry: filesOf('main'),
            files: filesOf('bootstrap'),
            sanitizer: filesOf('sanitizer'),
          };
          compilation.emitAsset('preload.json', new rspack.sources.RawSource(JSON.stringify(lists)));
        },
      );
    });
  }
}

const config = defineApp({ dir: import.meta.dirname, name: 'shell' });
config.plugins = [...(config.plugins ?? []), new PreloadListPlugin()];
export default config;
