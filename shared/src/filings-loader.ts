/**
 * Loads and validates filings.json. Invalid entries stop the loader with a message that names
 * the entry and the field, so an operator can fix the file without reading code.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { Value } from 'typebox/value'
import { type FilingEntry, type Registry, RegistrySchema } from './contract/filings'

export class RegistryError extends Error {
  override name = 'RegistryError'
}

export interface LoadedFiling extends FilingEntry {
  /** Absolute path of `source`. */
  sourcePath: string
  default: boolean
}

export interface FilingRegistry {
  path: string
  filings: LoadedFiling[]
  defaultFiling: LoadedFiling
  get(id: string): LoadedFiling | undefined
}

function describe(raw: unknown, instancePath: string): string {
  const [, top, index, field, ...rest] = instancePath.split('/')
  if (top !== 'filings' || index === undefined) return instancePath || '(root)'
  const entries = (raw as { filings?: unknown[] }).filings
  const entry = Array.isArray(entries) ? (entries[Number(index)] as { id?: unknown } | undefined) : undefined
  const name = typeof entry?.id === 'string' ? `"${entry.id}"` : `#${Number(index) + 1}`
  return field === undefined ? `entry ${name}` : `entry ${name}, field "${[field, ...rest].join('/')}"`
}

/** Validates an already-parsed registry; `path` is used for messages and to resolve `source`. */
export function parseRegistry(
  raw: unknown,
  path: string,
  opts: { checkSources?: boolean } = {},
): FilingRegistry {
  if (!Value.Check(RegistrySchema, raw)) {
    const errors = Value.Errors(RegistrySchema, raw).map((e) => {
      const where = describe(raw, e.instancePath)
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${(e.params as { additionalProperties?: string[] }).additionalProperties?.join(', ')})`
          : e.keyword === 'required'
            ? ` (${(e.params as { requiredProperties?: string[] }).requiredProperties?.join(', ')})`
            : ''
      return `${where}: ${e.message}${extra}`
    })
    throw new RegistryError(`Invalid filing registry ${path}:\n  ${[...new Set(errors)].join('\n  ')}`)
  }
  const registry = raw as Registry
  const base = dirname(path)
  const seenIds = new Set<string>()
  const seenCollections = new Set<string>()
  const problems: string[] = []
  for (const f of registry.filings) {
    if (seenIds.has(f.id)) problems.push(`entry "${f.id}", field "id": duplicate id`)
    if (seenCollections.has(f.collection))
      problems.push(`entry "${f.id}", field "collection": "${f.collection}" is used by another entry`)
    seenIds.add(f.id)
    seenCollections.add(f.collection)
    const sourcePath = isAbsolute(f.source) ? f.source : resolve(base, f.source)
    if (opts.checkSources !== false && !existsSync(sourcePath))
      problems.push(`entry "${f.id}", field "source": file not found: ${sourcePath}`)
  }
  const defaults = registry.filings.filter((f) => f.default)
  if (defaults.length > 1)
    problems.push(
      `entries ${defaults.map((f) => `"${f.id}"`).join(', ')}, field "default": only one may be true`,
    )
  if (problems.length) throw new RegistryError(`Invalid filing registry ${path}:\n  ${problems.join('\n  ')}`)

  const filings: LoadedFiling[] = registry.filings.map((f) => ({
    ...f,
    default: f.default === true,
    sourcePath: isAbsolute(f.source) ? f.source : resolve(base, f.source),
  }))
  const defaultFiling = filings.find((f) => f.default) ?? (filings[0] as LoadedFiling)
  const byId = new Map(filings.map((f) => [f.id, f]))
  return { path, filings, defaultFiling, get: (id) => byId.get(id) }
}

export function loadRegistry(path: string, opts: { checkSources?: boolean } = {}): FilingRegistry {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new RegistryError(
      `Cannot read filing registry ${path}: ${(err as NodeJS.ErrnoException).code ?? err}`,
    )
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    throw new RegistryError(`Filing registry ${path} is not valid JSON: ${(err as Error).message}`)
  }
  return parseRegistry(raw, path, opts)
}
