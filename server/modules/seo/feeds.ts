import { excerptOf, type BlogPost } from '../../../common/blog'
import { deviceGuides } from '../../../common/device-guides'
import { deviceGuidePath } from '../../../common/routes'
import { legalPagePaths, type LegalPageSlug } from '../../../common/legal-page-rules'
import { escapeMarkup } from './markup'

const publicPaths = [
  '/',
  '/plans',
  '/sports',
  '/support',
  '/blog',
  '/devices',
  ...deviceGuides.map((guide) => deviceGuidePath(guide.slug)),
]

const postUrl = (baseUrl: string, post: BlogPost) =>
  `${baseUrl}/blog/${encodeURIComponent(post.slug)}`

/** sitemaps.org XML: the public pages, every published post and legal page, with lastmod. */
export function sitemapXml(
  baseUrl: string,
  posts: BlogPost[],
  legalPages: { slug: LegalPageSlug; updatedAt: string }[],
): string {
  const newest = posts[0]?.updatedAt
  const urls = [
    ...publicPaths.map((path) => ({
      loc: `${baseUrl}${path}`,
      lastmod: path === '/blog' ? newest : undefined,
    })),
    ...posts.map((post) => ({ loc: postUrl(baseUrl, post), lastmod: post.updatedAt })),
    ...legalPages.map((page) => ({
      loc: `${baseUrl}${legalPagePaths[page.slug]}`,
      lastmod: page.updatedAt,
    })),
  ]
  const entries = urls
    .map(({ loc, lastmod }) =>
      [
        '  <url>',
        `    <loc>${escapeMarkup(loc)}</loc>`,
        lastmod ? `    <lastmod>${lastmod}</lastmod>` : '',
        '  </url>',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/** RSS 2.0 with an atom:link to itself, as feed validators ask. */
export function rssXml(baseUrl: string, brandName: string, posts: BlogPost[]): string {
  const items = posts
    .map((post) =>
      [
        '    <item>',
        `      <title>${escapeMarkup(post.title)}</title>`,
        `      <link>${escapeMarkup(postUrl(baseUrl, post))}</link>`,
        `      <guid isPermaLink="true">${escapeMarkup(postUrl(baseUrl, post))}</guid>`,
        `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
        `      <description>${escapeMarkup(excerptOf(post, 300))}</description>`,
        ...post.tags.map((tag) => `      <category>${escapeMarkup(tag)}</category>`),
        '    </item>',
      ].join('\n'),
    )
    .join('\n')
  const lastBuild = posts[0]
    ? `\n    <lastBuildDate>${new Date(posts[0].updatedAt).toUTCString()}</lastBuildDate>`
    : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeMarkup(`${brandName} Blog`)}</title>
    <link>${escapeMarkup(`${baseUrl}/blog`)}</link>
    <description>${escapeMarkup(`News, guides and streaming tips from the ${brandName} team.`)}</description>
    <language>en</language>
    <atom:link href="${escapeMarkup(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />${lastBuild}
${items}
  </channel>
</rss>
`
}
