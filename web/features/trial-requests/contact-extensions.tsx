import { createContext, useContext, type ReactNode } from 'react'
import type { PersonLineStatus } from '@common/person-lines'
import type { TrialRequest } from '@common/trial-requests'

/** What web/app adds to the contacts from other features (features never import each other). */
export type ContactExtensions = {
  /** Among a contact's actions: the person's line on the supplier panel. */
  renderLineAction?: (request: TrialRequest) => ReactNode
  /** Whether the convert dialog's "Create the line on the panel" starts ticked. */
  isLineCreatedOnConvert: boolean
  /**
   * A hook reading the person's line while `isEnabled` (the convert dialog is open): null when
   * they have none, undefined while unknown. The same function on every render.
   */
  useExistingLine?: (personId: string, isEnabled: boolean) => ExistingLine | null | undefined
}

/** What the convert dialog says of a line the person already has. */
export type ExistingLine = { username: string; status: PersonLineStatus; isTrial: boolean }

const ContactExtensionsContext = createContext<ContactExtensions>({
  isLineCreatedOnConvert: false,
})

export const ContactExtensionsProvider = ContactExtensionsContext.Provider

const lineUnknown = () => undefined

/** The person's line while `isEnabled`, as the app provides it (unknown when it does not). */
export function useExistingLine(personId: string, isEnabled: boolean) {
  const { useExistingLine: useLine = lineUnknown } = useContext(ContactExtensionsContext)
  return useLine(personId, isEnabled)
}

export function useContactExtensions(): ContactExtensions {
  return useContext(ContactExtensionsContext)
}
