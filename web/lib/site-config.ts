import { defaultSiteConfig, siteConfig, siteConfigElementId, type SiteConfig } from '@common/site-config'

function readSiteConfig(): SiteConfig {
  const text = document.getElementById(siteConfigElementId)?.textContent
  if (!text) return defaultSiteConfig
  try {
    const parsed = siteConfig.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : defaultSiteConfig
  } catch {
    return defaultSiteConfig
  }
}

/** Brand name and support e-mail of this installation, embedded in the HTML by the server. */
export const site: SiteConfig = readSiteConfig()
