/**
 * The scratch data directory every evaluation ingests into: a temp DATA_DIR with the SQLite store
 * and a filings registry of its own, so an evaluation never touches the user's data or Qdrant
 * collections and can run on filings that are not in `filings.json`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FilingEntry } from '@asks1/shared/contract/filings'

export interface ScratchFiling {
  id: string
  /** Absolute path of the file to ingest. */
  file: string
  /** The registry entry when the id is a registered filing (its texts feed the server's prompt). */
  entry?: FilingEntry
  /** The filer's name when the question set gives one (FinanceBench); else the id stands in. */
  company?: string
}

/** Guesses the form from a file name (`…10K…` → 10-K); the registry needs one for the prompt. */
export function guessForm(file: string): string {
  const name = file.split(/[\\/]/).pop()?.toUpperCase() ?? ''
  if (/10-?K/.test(name)) return '10-K'
  if (/10-?Q/.test(name)) return '10-Q'
  if (/8-?K/.test(name)) return '8-K'
  if (/424B4/.test(name)) return '424B4'
  return 'S-1'
}

/**
 * A registry entry for a filing evaluated from a file alone. Only `id`, `form`, `source` and
 * `collection` mean anything, and `company` when the question set names the filer (the answer
 * reads the filer's own name as the subject of every question, not as a name asked about); the
 * rest are placeholders that satisfy the registry schema and are visibly so (company = the id
 * when no name is given).
 */
export function scratchEntry(f: ScratchFiling): FilingEntry {
  if (f.entry) {
    // The loader's derived fields (absolute source path, the chain of versions) are not registry fields;
    // the scratch filing is one version: the file evaluated.
    const {
      default: _default,
      amendments: _amendments,
      ...rest
    } = f.entry as FilingEntry & {
      sourcePath?: string
      versions?: unknown
    }
    delete (rest as { sourcePath?: string }).sourcePath
    delete (rest as { versions?: unknown }).versions
    // The collection (the store's name for the filing) is the id: the evaluation ingests and
    // queries by id, and the server looks filings up by `collection`.
    return { ...rest, source: f.file, collection: f.id, id: f.id }
  }
  return {
    id: f.id,
    company: f.company ?? f.id,
    ticker: 'EVAL',
    form: guessForm(f.file),
    filed: '1970-01-01',
    edgarUrl: 'https://www.sec.gov/',
    source: f.file,
    collection: f.id,
    questions: [`Evaluation filing ${f.id}`],
    chips: [],
  }
}

export function scratchRegistry(filings: readonly ScratchFiling[]): { filings: FilingEntry[] } {
  return { filings: filings.map(scratchEntry) }
}

export interface Scratch {
  dir: string
  dataDir: string
  registryPath: string
  /** Removes the directory unless `keep`. */
  dispose(): void
}

export function createScratch(filings: readonly ScratchFiling[], opts: { keep?: boolean } = {}): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'asks1-eval-'))
  const dataDir = join(dir, 'data')
  const registryPath = join(dir, 'filings.json')
  writeFileSync(registryPath, `${JSON.stringify(scratchRegistry(filings), null, 2)}\n`)
  return {
    dir,
    dataDir,
    registryPath,
    dispose: () => {
      if (!opts.keep) rmSync(dir, { recursive: true, force: true })
    },
  }
}
