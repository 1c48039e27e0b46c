// The studio's static files: Pico CSS from its npm package, and the studio's own stylesheet, script and
// icon (src/web/studio/public). Read once at start; each URL carries a digest of its bytes, so a
// browser may keep a file for a year and a new version is a new URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors.js';
import { PUBLIC_DIR } from '../../../web/studio/paths.js';

interface Asset {
  bytes: Buffer;
  type: string;
  /** The URL pages link to: /studio/assets/<name>?v=<digest>. */
  url: string;
}

const FILES: Record<string, { path: () => string; type: string }> = {
  'pico.min.css': { path: () => createRequire(import.meta.url).resolve('@picocss/pico/css/pico.min.css'), type: 'text/css; charset=utf-8' },
  'studio.css': { path: () => join(PUBLIC_DIR, 'studio.css'), type: 'text/css; charset=utf-8' },
  'studio.js': { path: () => join(PUBLIC_DIR, 'studio.js'), type: 'text/javascript; charset=utf-8' },
  'favicon.svg': { path: () => join(PUBLIC_DIR, 'favicon.svg'), type: 'image/svg+xml' },
};

export type AssetUrls = Record<'pico' | 'css' | 'js' | 'icon', string>;

function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const [name, file] of Object.entries(FILES)) {
    const bytes = readFileSync(file.path());
    const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 12);
    assets.set(name, { bytes, type: file.type, url: `/studio/assets/${name}?v=${digest}` });
  }
  return assets;
}

/** Registers GET /studio/assets/:name (under the plugin's /studio prefix); returns the URLs pages link to. */
export function assetRoutes(app: FastifyInstance): AssetUrls {
  const assets = loadAssets();
  app.get('/assets/:name', { schema: { hide: true }, config: { studioPublic: true }, helmet: false }, async (request, reply) => {
    const asset = assets.get((request.params as { name: string }).name);
    if (!asset) throw notFound('file');
    return reply
      .headers({ 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' })
      .type(asset.type)
      .send(asset.bytes);
  });
  const url = (name: string) => assets.get(name)?.url ?? `/studio/assets/${name}`;
  return { pico: url('pico.min.css'), css: url('studio.css'), js: url('studio.js'), icon: url('favicon.svg') };
}
