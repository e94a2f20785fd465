import { defaultSiteConfig, siteConfigElementId, type SiteConfig } from '@common/site-config'

function readSiteConfig(): SiteConfig {
  const text = document.getElementById(siteConfigElementId)?.textContent
  if (!text) return defaultSiteConfig
  try {
    const { brandName, supportEmail } = JSON.parse(text) as Partial<SiteConfig>
    return {
      brandName: typeof brandName === 'string' ? brandName : defaultSiteConfig.brandName,
      supportEmail:
        typeof supportEmail === 'string' ? supportEmail : defaultSiteConfig.supportEmail,
    }
  } catch {
    return defaultSiteConfig
  }
}

/** Brand name and support e-mail of this installation, embedded in the HTML by the server. */
export const site: SiteConfig = readSiteConfig()
