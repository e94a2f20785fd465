import { z } from 'zod'

/**
 * The body of the Business Center's calls to the supplier panel (a person's line and its actions,
 * Sync now, putting a difference right): the key typed for this call only, else the server's
 * SUPPLIER_API_KEY.
 */
const supplierKeyFields = z.object({
  apiKey: z
    .string({ error: 'API key must be text' })
    .trim()
    .max(500, 'API key must be at most 500 characters')
    .optional()
    .transform((key) => key || undefined),
})
// A request without a body (Fastify reads it as null) asks with the server's key.
export const supplierKeyInput = z.preprocess((body) => body ?? {}, supplierKeyFields)
export type SupplierKeyInput = z.input<typeof supplierKeyFields>

export const personLineStatuses = ['active', 'disabled', 'checking'] as const
export type PersonLineStatus = (typeof personLineStatuses)[number]

export const personLineStatusLabels: Record<PersonLineStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  checking: 'Checking with the panel',
}

/** What a `checking` line means, wherever it is said (the line, a toast, a conversion's answer). */
export const lineCheckingMessage =
  'The supplier panel did not answer in time, so it may or may not have made the line. It is looked up there and bought only if it is missing; the login is sent once it is confirmed.'

/** A subscriber's line: the login to send them, and what the panel holds or will hold. */
export const personLine = z.object({
  id: z.uuid(),
  username: z.string(),
  password: z.string(),
  m3uUrl: z.string(),
  /** The expiry on the panel (ours, pushed there). */
  expiresAt: z.iso.datetime().nullable(),
  /** `checking`: the panel did not answer the create in time; the retry job looks it up. */
  status: z.enum(personLineStatuses),
  isTrial: z.boolean(),
  /** Screens the line plays on at once (its plan's); null when the line predates it. */
  maxConnections: z.number().int().nullable(),
  /** The panel's own id of the line; null while checking. */
  supplierLineId: z.string().nullable(),
  /** False while a change waits for the panel, which is retried until it lands. */
  isSynced: z.boolean(),
  /** Why the last attempt to reach the panel failed, in the panel's words where it gave some. */
  panelError: z.string().nullable(),
  /** What the panel last said of the line (a sync, or a change it accepted); null: not heard yet. */
  panel: z
    .object({
      expiresAt: z.iso.datetime().nullable(),
      isEnabled: z.boolean(),
      isTrial: z.boolean().nullable(),
      maxConnections: z.number().int().nullable(),
      /** When the panel said so. */
      seenAt: z.iso.datetime().nullable(),
    })
    .nullable(),
})
export type PersonLine = z.infer<typeof personLine>

export type PanelDifference = 'expiry' | 'enabled' | 'trial' | 'connections'

const wholeSeconds = (iso: string | null) =>
  iso === null ? null : Math.floor(Date.parse(iso) / 1000)

/** Where the panel's last word on the line differs from ours (the panel keeps whole seconds). */
export function panelDifferences(
  line: Pick<PersonLine, 'expiresAt' | 'status' | 'isTrial' | 'panel'> &
    Partial<Pick<PersonLine, 'maxConnections'>>,
): PanelDifference[] {
  const { panel } = line
  if (!panel) return []
  const differences: PanelDifference[] = []
  if (wholeSeconds(panel.expiresAt) !== wholeSeconds(line.expiresAt)) differences.push('expiry')
  if (panel.isEnabled !== (line.status === 'active')) differences.push('enabled')
  if (panel.isTrial !== null && panel.isTrial !== line.isTrial) differences.push('trial')
  const connections = line.maxConnections ?? null
  if (connections !== null && (panel.maxConnections ?? null) !== connections) {
    differences.push('connections')
  }
  return differences
}

/** How our line and the panel's differ, as the reconciliation finds them. */
export const driftKinds = ['expiry', 'enabled', 'missing_on_panel', 'unknown_on_panel'] as const
export type DriftKind = (typeof driftKinds)[number]

export const driftKindLabels: Record<DriftKind, string> = {
  expiry: 'Expiry differs',
  enabled: 'Enabled differs',
  missing_on_panel: 'Missing on the panel',
  unknown_on_panel: 'Unknown here',
}

/** Which side a difference is settled for: ours pushed to the panel, or the panel's taken here. */
export const driftKeeps = ['ours', 'panel'] as const
export type DriftKeep = (typeof driftKeeps)[number]

/** POST /api/supplier/drift/{id}/fix. */
export const driftFixInput = z.preprocess(
  (body) => body ?? {},
  supplierKeyFields.extend({
    keep: z.enum(driftKeeps, { error: "keep must be 'ours' or 'panel'" }),
  }),
)
export type DriftFixInput = z.input<typeof driftFixInput>

/** The kinds whose panel side can be kept here: a line both hold, differing in one field. */
export const panelKeepableKinds: readonly DriftKind[] = ['expiry', 'enabled']

export const driftFixResult = z.object({
  /** The panel and ours now agree; false while a change waits for the panel (202). */
  isFixed: z.boolean(),
  /** Why the panel did not take ours yet, when it did not. */
  problem: z.string().nullable(),
  /** The subscription's new end, when keeping the panel's expiry moved it. */
  subscriptionEnd: z.iso.datetime().nullable(),
})
export type DriftFixResult = z.infer<typeof driftFixResult>

export const panelLineState = z.object({
  expiresAt: z.iso.datetime().nullable(),
  isEnabled: z.boolean(),
})
export type PanelLineState = z.infer<typeof panelLineState>

export const supplierDrift = z.object({
  id: z.uuid(),
  /** Null for a line on the panel that we do not know. */
  lineId: z.uuid().nullable(),
  /** The person the line serves; null for a line without one (or unknown here). */
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  username: z.string(),
  kind: z.enum(driftKinds),
  /** Null when we have no such line. */
  ours: panelLineState.nullable(),
  /** Null when the panel has no such line. */
  panel: panelLineState.nullable(),
  detectedAt: z.iso.datetime(),
})
export type SupplierDrift = z.infer<typeof supplierDrift>

/** GET /api/supplier/status: read from the panel's user_info when asked. */
export const supplierStatus = z.object({
  reachable: z.boolean(),
  /** Null with an admin key (the panel keeps no credits for it) or when unreachable. */
  credits: z.number().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  /**
   * Credits are short: below the Business Settings' threshold, below the cost of the next 10
   * lines, or lasting fewer days than the setting.
   */
  creditAlert: z.boolean(),
  /** Credits spent a day over the last 30 days (the panel ledger); null until it can tell. */
  dailySpend: z.number().nullable(),
  /** Whole days the credits last at that rate; null while nothing is spent, or unknown. */
  daysLeft: z.number().int().nullable(),
  /** Why the panel could not be read, when it could not. */
  problem: z.string().nullable(),
})
export type SupplierStatus = z.infer<typeof supplierStatus>

export const supplierSyncResult = z.object({
  /** Another process was reconciling at that moment. */
  skipped: z.boolean(),
  drift: z.number().int(),
  credits: z.number().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
})
export type SupplierSyncResult = z.infer<typeof supplierSyncResult>
