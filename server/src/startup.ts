/**
 * What start-up is doing, for /ready: the server listens first (so /health answers at once), then
 * ingests registry filings missing from the store, then reports ready.
 */
export type Phase = 'starting' | 'ingesting' | 'ready' | 'failed'
export type FilingState = 'pending' | 'ingesting' | 'ready' | 'failed'

export class StartupState {
  phase: Phase
  readonly filings = new Map<string, { state: FilingState; message?: string }>()

  constructor(phase: Phase = 'starting') {
    this.phase = phase
  }

  set(id: string, state: FilingState, message?: string): void {
    this.filings.set(id, message === undefined ? { state } : { state, message })
  }
}
