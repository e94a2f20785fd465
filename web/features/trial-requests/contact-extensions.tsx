import { createContext, useContext, type ReactNode } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import type { ActionDisplay } from '@/components/action-trigger'

/** What web/app adds to the contacts from other features (features never import each other). */
export type ContactExtensions = {
  /** Among a contact's actions: the person's line on the supplier panel. */
  renderLineAction?: (request: TrialRequest) => ReactNode
  /** Among a contact's actions, after the line: what changes their paid subscription. */
  renderSubscriptionActions?: (request: TrialRequest, display: ActionDisplay) => ReactNode
}

const ContactExtensionsContext = createContext<ContactExtensions>({})

export const ContactExtensionsProvider = ContactExtensionsContext.Provider

export function useContactExtensions(): ContactExtensions {
  return useContext(ContactExtensionsContext)
}
