import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import type { AuditDetails, AuditSubject } from '../../../common/audit'
import { createdAt } from './columns'

/** Every admin change: who, what, when, on which entity. Never holds secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept as text, not a foreign key: the trail outlives deleted admins. Null for the system.
    actorId: uuid('actor_id'),
    actorUsername: varchar('actor_username', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 255 }),
    details: jsonb('details').$type<AuditDetails>(),
    // What the entity was called when it changed, so that the trail still names a deleted one.
    subject: jsonb('subject').$type<AuditSubject>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUsername, t.createdAt),
  ],
)
