import type { QueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import type { TrialRequest } from '@common/trial-requests'

/**
 * How other features' screens follow a money change made here, as web/app wires them (features
 * never import each other). Each is called with the app's query client once the server agreed,
 * even when the dialog that started it is gone.
 */
export type SubscriptionEffects = {
  /** A person was converted or extended: the answer is the person as they are now. */
  onPersonChanged: (queryClient: QueryClient, changed: TrialRequest) => void
  /**
   * A payment was recorded, refunded or a pay link made for one. Awaited: the dialog closes once
   * the lists have been read again, so what it changed is on screen when it is gone.
   */
  onPaymentsChanged: (queryClient: QueryClient) => Promise<void>
}

const SubscriptionEffectsContext = createContext<SubscriptionEffects | null>(null)

export const SubscriptionEffectsProvider = SubscriptionEffectsContext.Provider

export function useSubscriptionEffects(): SubscriptionEffects {
  const effects = useContext(SubscriptionEffectsContext)
  if (!effects) throw new Error('A money dialog needs a SubscriptionEffectsProvider above it')
  return effects
}
