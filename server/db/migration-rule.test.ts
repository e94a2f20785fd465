import { describe, expect, it } from 'vitest'
import { migrationsDir } from '../lib/app-root'
import { removalProblems } from '../test/migration-rule'

const fixtures = 'server/test/migration-fixtures'

// Decision 0052: during a rolling upgrade the previous release's processes run on the new schema.
describe('the migration rule (removals wait one release)', () => {
  it('holds for every migration after the baseline', () => {
    expect(removalProblems(migrationsDir)).toEqual([])
  })

  it('fails a migration that drops or renames a table or column unless it marks an earlier one it cleans up after', () => {
    expect(removalProblems(fixtures)).toEqual([
      '0040_drops-a-column.sql drops a column but is not marked as a clean-up (-- cleanup-of: 00NN)',
      '0042_renames-a-table.sql renames a table or column and marks the clean-up of 0050, which is no earlier migration',
      '0044_drops-a-table.sql drops a table but is not marked as a clean-up (-- cleanup-of: 00NN)',
      '0045_drops-a-column-without-the-word.sql drops a column but is not marked as a clean-up (-- cleanup-of: 00NN)',
    ])
  })

  it('checks only the migrations numbered after its baseline', () => {
    expect(removalProblems(fixtures, 44)).toEqual([
      '0045_drops-a-column-without-the-word.sql drops a column but is not marked as a clean-up (-- cleanup-of: 00NN)',
    ])
    expect(removalProblems(fixtures, 37)[0]).toMatch(/^0038_before-the-rule\.sql drops a column/)
  })
})
