import type { FilingsReply } from '@asks1/shared/api'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const queryClient = new QueryClient()

function App() {
  const filings = useQuery({
    queryKey: ['filings'],
    queryFn: async (): Promise<FilingsReply> => (await fetch('/filings')).json(),
  })
  if (filings.status !== 'success') return <p>Loading…</p>
  return (
    <ul>
      {filings.data.filings.map((f) => (
        <li key={f.id}>{f.company}</li>
      ))}
    </ul>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
)
