/**
 * The versions of a filing and the change report between two of them.
 *
 * The registry keeps the chain (form, date, accession or file); the store keeps each ingested version
 * with the registry version it holds (`meta.filingVersion`, set by `ingest run` and `ingest amend`;
 * a version ingested before chains existed holds the original). The report is computed on demand from
 * both versions' stored pages, not stored: committed versions never change, so it is cached per pair
 * of store versions, and a better report module applies to every past amendment without a re-ingest.
 */
import { compareVersions, filingVersionOf } from '@asks1/shared/amend'
import type { ChangesReply, FilingVersion } from '@asks1/shared/contract/changes'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { storeKey } from '../lookup'

/** Reports kept in memory (each a few hundred KB at most for a 200-page filing). */
const CACHE_SIZE = 16

type Deps = Pick<AppDeps, 'store' | 'registry'>

export class ChangeService {
  private readonly cache = new Map<string, ChangesReply>()

  constructor(private readonly deps: Deps) {}

  /** The chain of versions with the store version holding each (the latest ingest of it). */
  async versions(filing: LoadedFiling): Promise<FilingVersion[]> {
    const key = storeKey(filing)
    const [stored, live] = await Promise.all([this.deps.store.listVersions(key), this.deps.store.status(key)])
    const byN = new Map<number, string>()
    for (const s of stored) byN.set(filingVersionOf(s), s.version)
    return filing.versions.map((v) => {
      const version = byN.get(v.n) ?? null
      const out: FilingVersion = {
        n: v.n,
        form: v.form,
        filed: v.filed,
        stored: version,
        live: version !== null && version === live?.version,
      }
      if (v.accession) out.accession = v.accession
      if (v.edgarUrl) out.edgarUrl = v.edgarUrl
      return out
    })
  }

  /** The version numbered `n`, stored, or a 404/409 that says what is missing. */
  private pick(
    filing: LoadedFiling,
    versions: FilingVersion[],
    n: number,
  ): FilingVersion & { stored: string } {
    const v = versions.find((x) => x.n === n)
    if (!v)
      throw new AppError(
        404,
        'UNKNOWN_VERSION',
        `${filing.company}'s filing has ${versions.length} version${versions.length === 1 ? '' : 's'} (1 = the ${filing.form} of ${filing.filed}); there is no version ${n}.`,
      )
    if (!v.stored)
      throw new AppError(
        409,
        'VERSION_NOT_INGESTED',
        `Version ${n} (${v.form}, filed ${v.filed}) is in the registry but has not been ingested; run \`pnpm ingest amend ${filing.id} <file>\`.`,
      )
    return v as FilingVersion & { stored: string }
  }

  /** The report between versions `from` and `to` (defaults: the latest, and the one before it). */
  async report(filing: LoadedFiling, opts: { from?: number; to?: number } = {}): Promise<ChangesReply> {
    const versions = await this.versions(filing)
    const latest = versions.at(-1)?.n ?? 1
    const toN = opts.to ?? latest
    const fromN = opts.from ?? toN - 1
    if (fromN < 1)
      throw new AppError(
        404,
        'NO_PREVIOUS_VERSION',
        `${filing.company}'s ${filing.form} has not been amended: version ${toN} has no version before it to compare with.`,
      )
    if (fromN === toN) throw new AppError(400, 'VALIDATION', '"from" and "to" must be different versions.')
    const from = this.pick(filing, versions, fromN)
    const to = this.pick(filing, versions, toN)
    const cacheKey = `${filing.id}\u0000${from.stored}\u0000${to.stored}`
    const hit = this.cache.get(cacheKey)
    if (hit) return hit
    const key = storeKey(filing)
    const [before, after] = await Promise.all([
      this.deps.store.getPages(key, { version: from.stored }),
      this.deps.store.getPages(key, { version: to.stored }),
    ])
    const comparison = compareVersions(before, after)
    const reply: ChangesReply = { filing: filing.id, from, to, ...comparison }
    this.cache.set(cacheKey, reply)
    for (const k of this.cache.keys()) {
      if (this.cache.size <= CACHE_SIZE) break
      this.cache.delete(k)
    }
    return reply
  }
}
