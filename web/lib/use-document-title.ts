import { useEffect } from 'react'
import { site } from './site-config'

/** Sets the browser tab title for the current page, suffixed with the brand. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${site.brandName}` : site.brandName
  }, [title])
}
