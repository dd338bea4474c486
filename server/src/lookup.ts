/**
 * Finding a filing for a request: unknown id → 404, not ingested yet → 503 with Retry-After.
 */
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import type { FilingStatus } from '@asks1/shared/store'
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

export async function liveStatus(deps: Pick<AppDeps, 'store'>, filing: LoadedFiling): Promise<FilingStatus> {
  const status = await deps.store.status(storeKey(filing))
  if (!status)
    throw new AppError(
      503,
      'NOT_INGESTED',
      `${filing.company}'s ${filing.form} has not been ingested yet. Please try again in a minute.`,
      { retryAfter: 30 },
    )
  return status
}
