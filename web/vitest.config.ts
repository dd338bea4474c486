import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * One project, `web`: component tests (test/, happy-dom) and the end-to-end tests (e2e/, which
 * declare `@vitest-environment node` and drive Debian's Chromium against the real server).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
  },
})
