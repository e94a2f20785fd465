import { setRecent } from '../../lib/recent-map'
import type { AdminRole } from '../../../common/admin-users'
import type { SecuritySettings } from '../../../common/settings'

/** What deciding on a session reads: the session, its admin and the security rules. */
export type SessionRecord = {
  createdAt: Date
  lastSeenAt: Date
  mustSetPassword: boolean
  user: {
    id: string
    username: string
    role: AdminRole
    active: boolean
    hasTwoFactor: boolean
  }
  rules: SecuritySettings
}

type Entry = { record: SessionRecord; keptUntil: number }

export type SessionMemoryOptions = {
  /** Admins are few; this bounds what a flood of sign-ins could make it hold. */
  maxEntries: number
  /** A record is read again after this long, whatever the bus said. */
  maxAgeMs: number
  /** Whether changes made by other processes arrive now: without them nothing is kept. */
  isInformed: () => boolean
}

/**
 * The sessions this process decided on lately, by token hash, so that an admin's next request
 * costs no round trip (decision 0019). Everything a record holds changes only through routes
 * that announce it on the bus, and every process forgets what an announcement names. A read
 * that started before a forget never stores its (possibly older) answer.
 */
export function createSessionMemory({ maxEntries, maxAgeMs, isInformed }: SessionMemoryOptions) {
  const entries = new Map<string, Entry>()
  let generation = 0

  const forgetWhere = (matches: (sessionId: string, entry: Entry) => boolean) => {
    generation++
    for (const [sessionId, entry] of entries) {
      if (matches(sessionId, entry)) entries.delete(sessionId)
    }
  }

  return {
    recall(sessionId: string, now: Date): SessionRecord | null {
      const entry = entries.get(sessionId)
      if (!entry) return null
      if (entry.keptUntil > now.getTime() && isInformed()) return entry.record
      entries.delete(sessionId)
      return null
    },

    /** Marks the start of a read: `keep` stores its answer only if nothing was forgotten since. */
    startRead: () => generation,

    keep(sessionId: string, record: SessionRecord, now: Date, readStartedAt: number) {
      if (readStartedAt !== generation || !isInformed()) return
      setRecent(entries, sessionId, { record, keptUntil: now.getTime() + maxAgeMs }, maxEntries)
    },

    /** Sessions that ended: `null` means every session of `userId`. */
    forgetSessions(userId: string, sessionIds: string[] | null) {
      forgetWhere(
        (sessionId, { record }) =>
          record.user.id === userId && (sessionIds === null || sessionIds.includes(sessionId)),
      )
    },

    /** An admin's account changed; `null`: the rules every session is judged by did. */
    forgetAccount(userId: string | null) {
      forgetWhere((_, { record }) => userId === null || record.user.id === userId)
    },
  }
}

export type SessionMemory = ReturnType<typeof createSessionMemory>
