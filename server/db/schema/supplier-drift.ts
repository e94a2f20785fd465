import { check, index, jsonb, pgTable, unique, uuid, varchar } from 'drizzle-orm/pg-core'
import { driftKinds, type PanelLineState } from '../../../common/person-lines'
import { isOneOf, timestamptz } from './columns'
import { m3uLines } from './m3u-lines'

/**
 * Where the panel and our lines differed at the last reconciliation. Each sync keeps the rows it
 * finds again (their ids stay valid for the admin putting them right) and drops the others.
 */
export const supplierDrift = pgTable(
  'supplier_drift',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for a line on the panel that we do not know.
    lineId: uuid('line_id').references(() => m3uLines.id, { onDelete: 'cascade' }),
    panelLineId: varchar('panel_line_id', { length: 100 }),
    username: varchar('username', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 30, enum: driftKinds }).notNull(),
    ours: jsonb('ours').$type<PanelLineState>(),
    panel: jsonb('panel').$type<PanelLineState>(),
    detectedAt: timestamptz('detected_at').notNull(),
  },
  (t) => [
    check('supplier_drift_kind_check', isOneOf(t.kind, driftKinds)),
    unique('supplier_drift_kind_username_key').on(t.kind, t.username),
    index('supplier_drift_detected_idx').on(t.detectedAt, t.id),
  ],
)
