import { createContext, useContext, type ReactNode } from 'react'
import type { TrialRequest } from '@common/trial-requests'

/** What web/app adds to the contacts from other features (features never import each other). */
export type ContactExtensions = {
  /** Among a contact's actions: the person's line on the supplier panel. */
  renderLineAction?: (request: TrialRequest) => ReactNode
  /** Whether the convert dialog's "Create the line on the panel" starts ticked. */
  isLineCreatedOnConvert: boolean
}

const ContactExtensionsContext = createContext<ContactExtensions>({
  isLineCreatedOnConvert: false,
})

export const ContactExtensionsProvider = ContactExtensionsContext.Provider

export function useContactExtensions(): ContactExtensions {
  return useContext(ContactExtensionsContext)
}
