import { createContext, use } from 'react'
import { defaultSiteConfig, siteConfigElementId, type SiteConfig } from '@common/site-config'
import { readJsonDataBlock } from './json-data-block'

/** The site config the server embedded in this page; the defaults outside a browser. */
export function readSiteConfig(): SiteConfig {
  try {
    const embedded = readJsonDataBlock(siteConfigElementId) as Partial<SiteConfig> | null
    if (!embedded) return defaultSiteConfig
    const { brandName, supportEmail } = embedded
    return {
      brandName: typeof brandName === 'string' ? brandName : defaultSiteConfig.brandName,
      supportEmail:
        typeof supportEmail === 'string' ? supportEmail : defaultSiteConfig.supportEmail,
    }
  } catch {
    return defaultSiteConfig
  }
}

/**
 * Brand name and support e-mail of this installation, for client-only code (the Business
 * Center, dialogs). Server-rendered components read `useSiteConfig()`: the server renders
 * pages for its own configuration, not the browser's.
 */
export const site: SiteConfig = readSiteConfig()

export const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig)

/** Brand name and support e-mail, the same on the server and in the browser. */
export const useSiteConfig = (): SiteConfig => use(SiteConfigContext)
