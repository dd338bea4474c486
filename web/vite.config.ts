import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = process.env.ASKS1_API ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(['/ask', '/filings', '/sources', '/health', '/ready'].map((p) => [p, api])),
  },
  build: { outDir: 'dist', sourcemap: true },
})
