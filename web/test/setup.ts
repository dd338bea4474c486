import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Only component tests have a DOM to clean; the e2e files run in the node environment.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup()
})
