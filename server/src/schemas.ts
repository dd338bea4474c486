/**
 * Schemas of the operational routes (/health, /ready): their home is the contract, since the web app
 * reads /ready too (first-start ingest progress).
 */
export {
  type HealthReply,
  HealthReplySchema,
  ReadyFilingSchema,
  type ReadyReply,
  ReadyReplySchema,
} from '@asks1/shared/contract/operations'
