import { readFileSync } from 'node:fs'
import { isFirmName, isPersonName, listAnswer, listLines } from './src/answer/name-lists'
import { analyzeQuestion } from './src/answer/question'

const cases: [string, string, string[]][] = [
  ['facebook', "Which investment banks are underwriting Facebook's offering?", ['143', '144', '146', '127']],
  ['facebook', 'Who are the underwriters?', ['144']],
  ['pandora', "Which banks are managing Pandora's IPO?", ['114']],
  ['pandora', 'Which investor owns the biggest stake in Pandora ahead of the IPO?', ['103', '104']],
  ['camp4', "Which investment banks are leading CAMP4's stock offering?", ['196']],
  ['camp4', 'Who are the principal stockholders?', ['181', '182']],
  ['facebook', 'Who are the principal stockholders?', ['126', '127']],
]
for (const [f, text, labels] of cases) {
  const pages = JSON.parse(readFileSync(`/tmp/lists/${f}.json`, 'utf8')).filter((p: any) =>
    labels.includes(p.label),
  )
  const q = analyzeQuestion(text)
  const a = listAnswer(q, pages, [])
  console.log('##', f, text)
  console.log(a ? listLines(a).join('\n') : 'NONE')
}
