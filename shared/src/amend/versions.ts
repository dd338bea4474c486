/**
 * Which registry version (1 = the original filing, 2 = the first amendment, …) a store version holds:
 * `ingest run` and `ingest amend` record it in the version's meta; a version ingested before chains
 * existed holds the original.
 */
export const FILING_VERSION_META = 'filingVersion'

export function filingVersionOf(status: { meta: Record<string, unknown> }): number {
  const n = status.meta[FILING_VERSION_META]
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1
}
