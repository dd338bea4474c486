#!/usr/bin/env node
/**
 * `asks1-ingest`: the ingest CLI as this package's bin (`asks1-ingest run <id>`, `pages <file>` …).
 * Every package runs from its TypeScript source, so the bin registers tsx's loader, then runs the CLI.
 */
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli.ts')
process.exitCode = await main(process.argv.slice(2))
