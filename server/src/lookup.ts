/**
 * Finding a filing for a request: unknown id → 404, not ingested yet → 503 NOT_INGESTED, live
 * version damaged (missing, truncated or corrupt file) → 503 FILING_UNAVAILABLE while it is
 * re-ingested. Never a 500 for a store file that went bad.
 */
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { type FilingStatus, UnknownFilingError } from '@asks1/shared/store'
import type { AppDeps } from './deps'
import { AppError } from './errors'

/**
 * The store's name for a filing: the registry's `collection` (one collection per filing), which is
 * what `pnpm ingest run <id>` writes to.
 */
export const storeKey = (filing: Pick<LoadedFiling, 'collection'>): string => filing.collection

export function findFiling(deps: Pick<AppDeps, 'registry'>, id: string): LoadedFiling {
  const filing = deps.registry.get(id)
  if (!filing)
    throw new AppError(
      404,
      'UNKNOWN_FILING',
      `There is no filing "${id}". GET /filings lists the filings this server knows.`,
    )
  return filing
}

const unavailable = (filing: LoadedFiling, cause?: unknown): AppError =>
  new AppError(
    503,
    'FILING_UNAVAILABLE',
    `${filing.company}'s ${filing.form} cannot be read on this server right now; it is being rebuilt from the filing. Please try again in a few minutes.`,
    { retryAfter: 60, cause },
  )

export async function liveStatus(
  deps: Pick<AppDeps, 'store' | 'startup'>,
  filing: LoadedFiling,
): Promise<FilingStatus> {
  const status = await deps.store.status(storeKey(filing))
  const damaged = deps.startup.damaged.get(filing.id)
  if (damaged) {
    // A new live version (re-ingested here, by the CLI or by another instance) replaces the damaged one.
    if (status && status.version !== damaged.version) deps.startup.damaged.delete(filing.id)
    else throw unavailable(filing)
  }
  if (!status)
    throw new AppError(
      503,
      'NOT_INGESTED',
      `${filing.company}'s ${filing.form} has not been ingested yet. Please try again in a minute.`,
      { retryAfter: 30 },
    )
  return status
}

/** SQLite's codes for a file that is gone, unreadable or not (any longer) a valid database. */
const DAMAGE_CODE = /^SQLITE_(CORRUPT|NOTADB|CANTOPEN|IOERR)/

/** A read failed because the live version's data is damaged or gone (not a bug, not a bad request). */
export function isDamage(err: unknown): boolean {
  if (err instanceof UnknownFilingError) return true
  const code = (err as { code?: unknown })?.code
  return typeof code === 'string' && DAMAGE_CODE.test(code)
}

/**
 * Runs a read of a filing's live version. When the data turns out damaged the filing is marked so
 * (every request for it answers 503 until repaired), a re-ingest starts, and this request gets 503.
 */
export async function readLive<T>(
  deps: Pick<AppDeps, 'startup'>,
  filing: LoadedFiling,
  status: FilingStatus,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read()
  } catch (err) {
    if (!isDamage(err)) throw err
    deps.startup.damaged.set(filing.id, {
      problem: `reading the live version failed: ${(err as Error).message}`,
      version: status.version,
    })
    deps.startup.repair?.(filing.id)
    throw unavailable(filing, err)
  }
}
