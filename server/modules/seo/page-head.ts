import { escapeMarkup, jsonLdTag } from './markup'

export type PageHead = {
  title: string
  description: string
  /** Absolute URL of the page. */
  canonical: string
  type?: 'website' | 'article'
  image?: string | null
  isIndexable?: boolean
  jsonLd?: object[]
  publishedAt?: string | null
  modifiedAt?: string | null
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`

/** Everything a crawler or link preview reads in <head>, present before any script runs. */
export function renderHead(head: PageHead, siteName: string): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`,
    meta('name', 'robots', head.isIndexable === false ? 'noindex, nofollow' : 'index, follow'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ]
  if (head.image)
    tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image))
  if (head.publishedAt) tags.push(meta('property', 'article:published_time', head.publishedAt))
  if (head.modifiedAt) tags.push(meta('property', 'article:modified_time', head.modifiedAt))
  for (const data of head.jsonLd ?? []) tags.push(jsonLdTag(data))
  return tags.join('\n    ')
}
