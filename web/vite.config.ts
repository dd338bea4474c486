import { isBuiltin } from 'node:module'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compression } from 'vite-plugin-compression2'
// By path, not `@asks1/shared/contract/routes`: Vite bundles its config file but leaves package
// imports to Node, which cannot load the workspace's TypeScript sources (Node 20 has no type
// stripping); a relative import is bundled into the config like the config itself.
import { API_PATHS } from '../shared/src/contract/routes'

/**
 * A Vite plugin that fails the build when the web bundle would pull in Node-only code: a Node
 * built-in (`node:fs`, `path`…), a native or server-side package, or a `@asks1/shared` subpath
 * that is not browser-safe. Without it, an innocent import of `@asks1/shared/store` would drag
 * better-sqlite3 and onnxruntime into the bundle (or break it at run time in the browser).
 */

/** The one `@asks1/shared` subpath written to run in a browser: the contract and its modules. */
export const BROWSER_SAFE_SHARED = 'contract'

/** Packages that only run in Node (native addons, servers, model runtimes). */
export const NODE_ONLY_PACKAGES = [
  'better-sqlite3',
  'sqlite-vec',
  'onnxruntime-node',
  'onnxruntime-web',
  '@huggingface/transformers',
  '@qdrant/js-client-rest',
  'undici',
  'env-schema',
  'sharp',
  'fastify',
  '@anthropic-ai/sdk',
]

/** Why `id` may not be bundled, or null when it may. */
export function nodeOnlyReason(id: string): string | null {
  if (id.startsWith('node:') || (isBuiltin(id) && !id.startsWith('.'))) return `${id} is a Node built-in`
  const pkg = NODE_ONLY_PACKAGES.find((p) => id === p || id.startsWith(`${p}/`))
  if (pkg) return `${pkg} only runs in Node`
  const shared = /^@asks1\/shared(?:\/(.*))?$/.exec(id)
  const subpath = shared?.[1] ?? ''
  if (shared && subpath !== BROWSER_SAFE_SHARED && !subpath.startsWith(`${BROWSER_SAFE_SHARED}/`)) {
    return `@asks1/shared${subpath ? `/${subpath}` : ''} is not browser-safe (allowed: @asks1/shared/${BROWSER_SAFE_SHARED} and its modules)`
  }
  return null
}

export function browserSafe(): Plugin {
  return {
    name: 'asks1:browser-safe',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const reason = nodeOnlyReason(source)
      if (reason)
        this.error(`Node-only import in the web bundle: ${reason} (imported by ${importer ?? 'the entry'})`)
      return null
    },
  }
}

const api = process.env.ASKS1_API ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [
    browserSafe(),
    react(),
    // Brotli and gzip copies of every text asset, served as they are by the server (preCompressed):
    // nothing is compressed per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
    }),
  ],
  server: {
    // Every API path goes to the API server; the route table is the contract's, so none is forgotten.
    proxy: Object.fromEntries(API_PATHS.map((p) => [p, api])),
  },
  // No source maps in production: the served app is the bundle alone.
  build: { outDir: 'dist', sourcemap: false },
})
