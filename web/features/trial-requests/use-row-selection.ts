import { useState } from 'react'

export type RowSelection = {
  selectedIds: ReadonlySet<string>
  toggle: (id: string) => void
  /** Selects every visible row, or none when all are selected already. */
  toggleAll: () => void
  clear: () => void
}

/**
 * The rows ticked on the page shown. `pageKey` names that page (filters and cursor): another
 * page starts with nothing selected, so an action never reaches rows out of sight.
 */
export function useRowSelection(pageKey: string, visibleIds: string[]): RowSelection {
  const [state, setState] = useState<{ pageKey: string; ids: string[] }>({ pageKey, ids: [] })
  const ids = state.pageKey === pageKey ? state.ids.filter((id) => visibleIds.includes(id)) : []
  const selectedIds = new Set(ids)
  const isAllSelected = visibleIds.length > 0 && ids.length === visibleIds.length
  return {
    selectedIds,
    toggle: (id) =>
      setState({
        pageKey,
        ids: selectedIds.has(id) ? ids.filter((other) => other !== id) : [...ids, id],
      }),
    toggleAll: () => setState({ pageKey, ids: isAllSelected ? [] : visibleIds }),
    clear: () => setState({ pageKey, ids: [] }),
  }
}
