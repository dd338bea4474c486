/**
 * Writes the tiny generated BERT-shaped test model (see testing/index.ts) to a directory, for looking
 * at or for pointing the server at: `tsx shared/scripts/make-test-model.ts [<models-dir>]`.
 * Without an argument it builds (or reuses) the shared test cache and prints where it is.
 */
import { join, resolve } from 'node:path'
import { ensureTestModel, TEST_MODEL, TEST_MODEL_DIM, writeTestModel } from '../testing/index'

const target = process.argv[2]
if (target) {
  writeTestModel(join(resolve(target), TEST_MODEL))
  process.stderr.write(`Wrote ${TEST_MODEL} (${TEST_MODEL_DIM}-d) under ${resolve(target)}\n`)
  process.stdout.write(`MODELS_DIR=${resolve(target)} EMBEDDING_MODEL=${TEST_MODEL}\n`)
} else {
  const m = await ensureTestModel()
  process.stderr.write(`Test model ready (${m.dim}-d)\n`)
  process.stdout.write(`MODELS_DIR=${m.modelsDir} EMBEDDING_MODEL=${m.model}\n`)
}
