/**
 * Answers being produced, per caller, so a read of the caller's allowance can wait until they have
 * settled: a question the client just stopped has then been given back or counted, as the answer
 * service decided, and GET /session?settled=true reports that instead of a guess.
 */
export class InProgress {
  private readonly work = new Map<string, Set<Promise<unknown>>>()

  /** Marks work of `caller` as in progress until it settles. */
  track(caller: string, work: Promise<unknown>): void {
    const set = this.work.get(caller) ?? new Set()
    this.work.set(caller, set)
    set.add(work)
    const done = () => {
      set.delete(work)
      if (set.size === 0 && this.work.get(caller) === set) this.work.delete(caller)
    }
    work.then(done, done)
  }

  /** Resolves once all of `caller`'s work in progress has settled, or after `maxMs` at the latest. */
  async settled(caller: string, maxMs: number): Promise<void> {
    const pending = this.work.get(caller)
    if (!pending?.size) return
    let timer: NodeJS.Timeout | undefined
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs)
    })
    await Promise.race([Promise.allSettled([...pending]), cap])
    clearTimeout(timer)
  }
}
