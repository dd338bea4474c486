import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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
