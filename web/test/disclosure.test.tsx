import type { Answerer } from '@asks1/shared/contract/api'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { fakeApi, filingsReply, json, renderApp } from './fake-api'

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

/** The app as the server declares its answerer in /filings, before any question is asked. */
async function openWith(answerer: Answerer) {
  const api = fakeApi({ 'GET /filings': () => json({ ...filingsReply, answerer }) })
  const view = renderApp()
  const footer = await screen.findByRole('contentinfo')
  await view.user.click(screen.getByRole('button', { name: 'How it works' }))
  const dialog = await screen.findByRole('dialog', { name: 'How AskS1 works' })
  expect(api.callsTo('POST /ask')).toHaveLength(0)
  return { footer, dialog }
}

describe('who reads the filing, said before the first answer', () => {
  test('llm mode: the footer and "how it works" name Claude and the model', async () => {
    const { footer, dialog } = await openWith({ mode: 'llm', model: 'claude-sonnet-4-5' })
    expect(footer).toHaveTextContent(
      "Answers are written by Claude (claude-sonnet-4-5) from the filing's text. Every claim cites the filing's printed page",
    )
    expect(footer).toHaveTextContent('Nothing here is investment advice.')
    expect(within(dialog).getByText('claude-sonnet-4-5')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Claude (claude-sonnet-4-5) answers from those passages alone')
    expect(dialog).not.toHaveTextContent('No AI model is configured')
  })

  test('extractive mode: no model is named, answers are quoted excerpts', async () => {
    const { footer, dialog } = await openWith({ mode: 'extractive', model: null })
    expect(footer).toHaveTextContent(
      'No AI model is configured: answers are excerpts quoted from the filing.',
    )
    expect(footer).not.toHaveTextContent('Claude')
    expect(dialog).toHaveTextContent(
      'No AI model is configured here, so AskS1 shows the best-matching excerpts',
    )
    expect(dialog).not.toHaveTextContent('Claude')
  })
})
