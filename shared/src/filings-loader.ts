/**
 * Loads and validates filings.json. Invalid entries stop the loader with a message that names
 * the entry and the field, so an operator can fix the file without reading code.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { Value } from 'typebox/value'
import { type AmendmentEntry, type FilingEntry, type Registry, RegistrySchema } from './contract/filings'

export class RegistryError extends Error {
  override name = 'RegistryError'
}

/** One version of a filing in the registry's chain: 1 is the original, then each amendment in order. */
export interface LoadedVersion {
  n: number
  form: string
  filed: string
  accession?: string
  edgarUrl?: string
  /** Absolute path of the version's local file, when it has one. */
  sourcePath?: string
}

export interface LoadedFiling extends FilingEntry {
  /** Absolute path of `source` (the original filing). */
  sourcePath: string
  default: boolean
  /** The chain of versions, oldest first: `[original, ...amendments]` (one entry when never amended). */
  versions: LoadedVersion[]
}

/** The EDGAR accession number in a document URL (`…/data/1230276/000119312511032963/ds1.htm`). */
export function accessionOf(url: string): string | undefined {
  const m = /\/Archives\/edgar\/data\/\d+\/(\d{10})(\d{2})(\d{6})\//.exec(url)
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined
}

function versionsOf(f: FilingEntry, base: string): LoadedVersion[] {
  const at = (source: string) => (isAbsolute(source) ? source : resolve(base, source))
  const original: LoadedVersion = {
    n: 1,
    form: f.form,
    filed: f.filed,
    edgarUrl: f.edgarUrl,
    sourcePath: at(f.source),
  }
  const accession = accessionOf(f.edgarUrl)
  if (accession) original.accession = accession
  return [
    original,
    ...(f.amendments ?? []).map((a, i) => {
      const v: LoadedVersion = { n: i + 2, form: a.form, filed: a.filed }
      const acc = a.accession ?? (a.edgarUrl ? accessionOf(a.edgarUrl) : undefined)
      if (acc) v.accession = acc
      if (a.edgarUrl) v.edgarUrl = a.edgarUrl
      if (a.source) v.sourcePath = at(a.source)
      return v
    }),
  ]
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
    ;(f.amendments ?? []).forEach((a, i) => {
      const where = `entry "${f.id}", field "amendments/${i}`
      if (!a.source && !a.edgarUrl && !a.accession)
        problems.push(`${where}": give a "source" file, an "edgarUrl" or an "accession"`)
      if (
        a.source &&
        opts.checkSources !== false &&
        !existsSync(isAbsolute(a.source) ? a.source : resolve(base, a.source))
      )
        problems.push(`${where}/source": file not found: ${a.source}`)
      const previous = i === 0 ? f.filed : (f.amendments?.[i - 1]?.filed ?? f.filed)
      if (a.filed < previous)
        problems.push(`${where}/filed": ${a.filed} is before the version it amends (${previous})`)
    })
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
    versions: versionsOf(f, base),
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

/**
 * Appends an amendment to a filing's chain in the registry file and returns the reloaded registry.
 * The new file is validated as a whole before it replaces the old one (written beside it, then
 * renamed), so a bad amendment or a crash mid-write leaves the registry as it was.
 */
export function appendAmendment(path: string, id: string, amendment: AmendmentEntry): FilingRegistry {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Registry
  const entry = raw.filings?.find((f) => f.id === id)
  if (!entry) throw new RegistryError(`Unknown filing id "${id}" in ${path}`)
  entry.amendments = [...(entry.amendments ?? []), amendment]
  const registry = parseRegistry(raw, path, { checkSources: false })
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(raw, null, 2)}\n`)
  renameSync(tmp, path)
  return registry
}
