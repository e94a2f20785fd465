import { useEffect } from 'react'
import { useSiteConfig } from './site-config'

// The server renders the same titles into the HTML (server/modules/seo/page-content.ts); the
// page keeps them when it takes over, so crawlers that run scripts see what the others see.
const homeTagline = 'Live TV and Sports in HD, Ad-Free on Every Device'

/**
 * Sets the browser tab title: "Title — Brand", the brand and tagline for null (home), and
 * leaves the server's title in place for undefined (content still loading).
 */
export function useDocumentTitle(title: string | null | undefined) {
  const { brandName } = useSiteConfig()
  useEffect(() => {
    if (title === undefined) return
    document.title = title ? `${title} — ${brandName}` : `${brandName} — ${homeTagline}`
  }, [title, brandName])
}
