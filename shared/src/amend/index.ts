/** Amendments: what changed between two versions of a filing (pure; no I/O). */
export { alignSections, diffWords } from './align'
export { figuresOf, periodsAdded } from './figures'
export { OFFERING_TERM_CUES, offeringTermOf } from './offering-terms'
export { compareVersions } from './report'
export { type ReportPage, type Section, splitSections, type Word } from './sections'
export { FILING_VERSION_META, filingVersionOf } from './versions'
