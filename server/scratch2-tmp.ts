import { retrieve } from '@asks1/shared/retrieval'
import { missingEmbedder } from '@asks1/shared/retrieval/embedder'
import { analyzeQuery } from '@asks1/shared/retrieval/query'
import { openStore } from '@asks1/shared/store'
import { analyzeQuestion } from './src/answer/question'
import { evidenceModel, rankUnits } from './src/answer/rank'
import { loadServerConfig } from './src/config'

const [filing, company, question] = process.argv.slice(2) as [string, string, string]
const config = loadServerConfig({
  DATA_DIR: '/tmp/lists-probe',
  FILINGS_CONFIG: '../filings.json',
  LOG_LEVEL: 'silent',
})
const store = await openStore(config)
const query = analyzeQuery(question)
const hits = await retrieve(store, missingEmbedder('x'), filing, query, config.RETRIEVAL_K)
console.log(hits.map((h) => h.chunk.pages.join(',')))
const q = analyzeQuestion(query, company)
console.log(q.answerType, q.terms)
for (const u of rankUnits(q, evidenceModel(q, hits)).slice(0, 8))
  console.log(
    u.score.toFixed(2),
    u.typeHit,
    u.hasFigure,
    u.pages,
    u.text.slice(u.window?.from ?? 0, (u.window?.from ?? 0) + 160).replace(/\n/g, ' '),
  )
await store.close()
