import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
export const FACEBOOK_PDF = resolve(ROOT, 'samples/facebook-s1.pdf')
export const PANDORA_HTM = resolve(ROOT, 'samples/pandora-s1.htm')
export const FIXTURES = resolve(import.meta.dirname, 'fixtures')
export const CLI = resolve(ROOT, 'ingest/src/cli.ts')

export const bytes = (path: string) => new Uint8Array(readFileSync(path))
