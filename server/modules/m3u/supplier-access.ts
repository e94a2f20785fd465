import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { apiErrorBody } from '../../../common/api'
import type { Db } from '../../db/client'
import type { EventBus } from '../../realtime/event-bus'
import { HttpError, invalidField } from '../../lib/http-error'
import { linePasswordSecret } from './line-password-secret'
import type { SupplierPanel } from './panel'
import { recordedPanel, type PanelCallContext } from './panel-ledger'
import { panelFromConfig } from './xui-panel'

/** What the work on people's lines needs: the panel, the server's key, the database and clock. */
export type SupplierAccess = {
  db: Db
  /** Null when no SUPPLIER_API_URL is configured. */
  panel: SupplierPanel | null
  /** SUPPLIER_API_KEY, for the automatic work; never stored, logged or returned. */
  serverKey: string | null
  /** How long one operation with the panel may take, all its calls together. */
  timeoutMs: number
  passwordSecret: () => Promise<string>
  now: () => Date
  log: FastifyBaseLogger
  bus: EventBus
  /** Where the business hears of low credits by e-mail (SUPPORT_EMAIL). */
  alertEmail?: string | null
}

const accessByApp = new WeakMap<FastifyInstance, SupplierAccess>()

/** One panel per app, shared by its routes and jobs. */
export function supplierAccess(app: FastifyInstance): SupplierAccess {
  let access = accessByApp.get(app)
  if (!access) {
    access = {
      db: app.db,
      panel: panelFromConfig(app.config),
      serverKey: app.config.supplierApiKey,
      timeoutMs: app.config.supplierTimeoutMs,
      passwordSecret: () => linePasswordSecret(app.db, app.config.linePasswordSecret),
      now: () => app.now(),
      log: app.log,
      bus: app.bus,
      alertEmail: app.config.supportEmail,
    }
    accessByApp.set(app, access)
  }
  return access
}

/**
 * The deadline of one operation with the panel (a create and its look-up, a push's calls): passed
 * to each of its calls, so that together they end within SUPPLIER_TIMEOUT_MS.
 */
export const operationDeadline = (access: SupplierAccess) => AbortSignal.timeout(access.timeoutMs)

export const noPanelMessage = 'No supplier panel is configured (set SUPPLIER_API_URL).'
export const noKeyMessage =
  'No supplier API key: type one, or set SUPPLIER_API_KEY on the server for automatic work.'

/**
 * The refusals of a route that calls the panel, as the API reference declares them: no key (400),
 * no such person or line (404), a line in the wrong state (409), the panel refused or failed
 * (502), no panel configured (503), the panel did not answer in time (504).
 */
export const panelCallRefusals = {
  400: apiErrorBody,
  404: apiErrorBody,
  409: apiErrorBody,
  502: apiErrorBody,
  503: apiErrorBody,
  504: apiErrorBody,
}

/** The panel, or 503 when none is configured. */
export function requirePanel(access: SupplierAccess): SupplierPanel {
  if (!access.panel) throw new HttpError(503, noPanelMessage)
  return access.panel
}

/** The key typed for this call, else the server's; 400 naming the field when neither exists. */
export function requireKey(access: SupplierAccess, typed: string | undefined): string {
  const key = typed ?? access.serverKey
  if (!key) throw invalidField('apiKey', noKeyMessage)
  return key
}

/** The panel with every call written to the ledger, for this actor, person and line. */
export function ledgerPanel(
  access: SupplierAccess,
  panel: SupplierPanel,
  context: Omit<PanelCallContext, 'log' | 'now'>,
): SupplierPanel {
  return recordedPanel(access.db, panel, { ...context, log: access.log, now: access.now })
}
