/** Helpers both store implementations share (no I/O, no native modules). */
import { randomBytes } from 'node:crypto'
import type { Chunk } from '../../contract/chunk'
import { stripPageTags } from '../../contract/citations'
import { formSectionsOfPath } from '../vocabulary'

/** Filing and version names become file and collection names: kept to a safe alphabet. */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

export function assertSafeName(kind: string, name: string): void {
  if (!SAFE_NAME.test(name))
    throw new Error(`Invalid ${kind} name "${name}" (letters, digits, . _ -; at most 100)`)
}

/** A fresh version name: sortable by creation time, unique across concurrent ingests. */
export function newVersionName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${stamp}-${randomBytes(3).toString('hex')}`
}

/**
 * The version a `beginVersion` call builds: the name given or a fresh one, filing and version
 * names checked, the vectors' width a positive integer (null: keyword-only). Both stores start so.
 */
export function versionToBegin(filing: string, opts: { dim: number | null; version?: string }): string {
  assertSafeName('filing', filing)
  const version = opts.version ?? newVersionName()
  assertSafeName('version', version)
  if (opts.dim !== null && !(Number.isInteger(opts.dim) && opts.dim > 0))
    throw new Error(`Invalid dim ${opts.dim}`)
  return version
}

/** Rebuilding the version questions are answered from would change it under them: refused. */
export const liveVersionError = (filing: string, version: string): Error =>
  new Error(`Version ${filing}@${version} is live; pick another version name`)

/** Creation time of a generated version name (`20261129T120423Z-…`), or null for a custom name. */
export function versionTime(version: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(version)
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[]
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s)
}

/**
 * The fields a chunk is keyword-indexed under: its tag-free text, its section path, and what the
 * standard sections on that path hold (their titles and descriptions from vocabulary.ts).
 */
export interface ChunkFields {
  body: string
  heading: string
  form: string
}

export function chunkFields(chunk: Chunk): ChunkFields {
  // A chunk spanning two subsections is indexed under both: its start's path and every heading
  // that starts inside it before the next chunk starts (Pandora's "Employees" began mid-chunk, so
  // its 295 employees were filed under "Intellectual Property" alone).
  const paths = [chunk.section, ...(chunk.innerSections ?? [])].filter((p): p is string => p !== null)
  const sections = [...new Set(paths.flatMap((p) => formSectionsOfPath(p)))]
  return {
    body: stripPageTags(chunk.text),
    heading: paths.join('\n'),
    form: sections.map((s) => `${s.titles.join('; ')}; ${s.description}`).join('\n'),
  }
}

/** The question's own terms (query weight 1), without the lower-weighted expansion terms. */
export const ownTerms = (q: { terms: readonly string[]; termWeights?: readonly number[] }): string[] =>
  q.terms.filter((_, i) => (q.termWeights?.[i] ?? 1) >= 1)

/**
 * The query terms a table row's label must hold for the row to count: not years or other figures
 * (every row of a table prints its columns' periods), the line item's words.
 */
export const lineItemTerms = (terms: readonly string[]): string[] => terms.filter((t) => !/^[\d$(]/.test(t))
