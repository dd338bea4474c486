import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Only component tests have a DOM to clean; the e2e files run in the node environment.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup()
  // Threads persist in localStorage (by design): each test starts as a first visit.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
