/**
 * LLM mode: one streamed Messages API call through @anthropic-ai/sdk. The SDK owns retries
 * (429/529/connection, with backoff) and the per-attempt timeout; `signal` aborts the upstream
 * stream when the client disconnects, the server shuts down past its grace period, or the
 * answer's overall deadline passes.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Turn } from './prompt'

export interface LlmRequest {
  model: string
  maxTokens: number
  system: string
  history: Turn[]
  user: string
  signal: AbortSignal
}

/** Text deltas of the answer, in order. Throws the SDK's errors (mapped by `upstreamError`). */
export async function* streamAnswer(client: Anthropic, req: LlmRequest): AsyncGenerator<string> {
  const stream = client.messages.stream(
    {
      model: req.model,
      max_tokens: req.maxTokens,
      system: req.system,
      messages: [...req.history, { role: 'user', content: req.user }],
    },
    { signal: req.signal },
  )
  try {
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text)
        yield event.delta.text
    }
  } finally {
    // Reached early when the consumer stops (client gone): do not leave the upstream stream open.
    if (!stream.ended) stream.abort()
  }
}
