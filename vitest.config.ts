import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      'shared',
      'ingest',
      'server',
      'web',
      'eval',
      { test: { name: 'deploy', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
    ],
  },
})
