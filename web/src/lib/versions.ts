/** Facts about a filing's versions the app needs before the "What changed" view loads. */
import type { FilingInfo } from '@asks1/shared/contract/api'

/** The versions a report can be read for: two stored ones at least. */
export function canCompare(filing: FilingInfo): boolean {
  return filing.versions.filter((v) => v.stored).length >= 2
}
