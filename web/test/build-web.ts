import { resolve } from 'node:path'
import { build } from 'vite'

export const WEB_DIR = resolve(import.meta.dirname, '..')

/**
 * The production build, as `vite build` makes it, into `outDir`. Vitest sets NODE_ENV=test, which
 * would make Vite bundle React's development build: production is forced for the duration.
 */
export async function buildWeb(outDir: string, overrides: { entry?: string } = {}) {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await build({
      root: WEB_DIR,
      configFile: resolve(WEB_DIR, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        ...(overrides.entry && { rolldownOptions: { input: overrides.entry } }),
      },
    })
  } finally {
    process.env.NODE_ENV = before
  }
}
