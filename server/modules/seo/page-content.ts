import { excerptOf, type BlogPost } from '../../../common/blog'
import { deviceGuideBySlug } from '../../../common/device-guides'
import type { Db } from '../../db/client'
import { findBlogPostBySlug, listBlogPosts } from '../blog/blog.service'
import { legalPageHead, legalSlugAt } from './legal-page-content'
import type { PageHead } from './page-head'

/** What the server says about a page besides its body, which the web app renders. */
export type PageContent = {
  status: number
  head: PageHead
  /** False for the Business Center: a client app, sent as the bare shell. */
  isServerRendered: boolean
  /**
   * Set when the app renders the same markup at any address (the 404 page): it is rendered
   * once per process, so requests for made-up addresses cost no rendering.
   */
  sharedMarkupKey?: string
}

type Context = { db: Db; baseUrl: string; brandName: string }

const descriptionLength = 160

const staticPages: Record<string, { title: (brand: string) => string; description: string }> = {
  '/': {
    title: (brand) => `${brand} — Live TV and Sports in HD, Ad-Free on Every Device`,
    description:
      'Stream live TV and sports in HD with no ads on your TV, phone, tablet and computer. Start a 24-hour free trial: no credit card, cancel anytime.',
  },
  '/plans': {
    title: (brand) => `Plans and Pricing — ${brand}`,
    description:
      'Compare Starter, Family and Household plans, billed monthly, quarterly, every six months or yearly. Every plan includes a 24-hour free trial.',
  },
  '/sports': {
    title: (brand) => `Live Sports Events — ${brand}`,
    description:
      'Upcoming fixtures from the Premier League, Bundesliga, La Liga, NBA, NFL, MLB and NHL, live and in HD.',
  },
  '/devices': {
    title: (brand) => `Device Setup Guides — ${brand}`,
    description:
      'Step-by-step set-up for IPTV Smarters, TiviMate, VLC, phones, tablets and Smart TVs: the same guides our login e-mail sends.',
  },
  '/support': {
    title: (brand) => `Support — ${brand}`,
    description:
      'Open a support ticket and chat live with our team, or return to an existing chat with your ticket ID.',
  },
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function postDescription(post: BlogPost): string {
  return (
    post.metaDescription?.trim() || excerptOf(post, descriptionLength).slice(0, descriptionLength)
  )
}

async function blogPostPage(
  slug: string,
  { db, baseUrl, brandName }: Context,
): Promise<PageContent | null> {
  const post = await findBlogPostBySlug(db, slug, { publishedOnly: true })
  if (!post) return null
  const url = `${baseUrl}/blog/${encodeURIComponent(post.slug)}`
  const published = post.publishedAt ?? post.createdAt
  return {
    status: 200,
    isServerRendered: true,
    head: {
      title: `${post.metaTitle?.trim() || post.title} — ${brandName}`,
      description: postDescription(post),
      canonical: url,
      type: 'article',
      image: post.featuredImage,
      publishedAt: published,
      modifiedAt: post.updatedAt,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: postDescription(post),
          datePublished: published,
          dateModified: post.updatedAt,
          keywords: post.tags.join(', ') || undefined,
          image: post.featuredImage ?? undefined,
          mainEntityOfPage: url,
          url,
          author: { '@type': 'Organization', name: brandName },
          publisher: { '@type': 'Organization', name: brandName },
        },
      ],
    },
  }
}

async function blogListPage({ db, baseUrl, brandName }: Context): Promise<PageContent> {
  const { posts } = await listBlogPosts(db, { publishedOnly: true, limit: 50 })
  const description = `News, guides and streaming tips from the ${brandName} team.`
  return {
    status: 200,
    isServerRendered: true,
    head: {
      title: `Blog — ${brandName}`,
      description,
      canonical: `${baseUrl}/blog`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: `${brandName} Blog`,
          description,
          url: `${baseUrl}/blog`,
          blogPost: posts.map((post) => ({
            '@type': 'BlogPosting',
            headline: post.title,
            url: `${baseUrl}/blog/${encodeURIComponent(post.slug)}`,
            datePublished: post.publishedAt ?? post.createdAt,
          })),
        },
      ],
    },
  }
}

/** A page that only says what went wrong, kept out of search indexes. */
function statusPage(
  { baseUrl, brandName }: Pick<Context, 'baseUrl' | 'brandName'>,
  path: string,
  status: number,
  title: string,
  message?: string,
): PageContent {
  return {
    status,
    isServerRendered: true,
    head: {
      title: `${title} — ${brandName}`,
      description: message ?? title,
      canonical: `${baseUrl}${path}`,
      isIndexable: false,
    },
  }
}

const notFoundPage = (context: Context, path: string, title = '404 Page Not Found') =>
  statusPage(context, path, 404, title)

/** The page served while the database cannot be reached (503). */
export const unavailablePage = (
  context: Pick<Context, 'baseUrl' | 'brandName'>,
  path: string,
  message: string,
) => statusPage(context, path, 503, 'Service Briefly Unavailable', message)

/** What the server sends for a page path besides the app's markup: status and head tags. */
export async function pageContent(path: string, context: Context): Promise<PageContent> {
  const { baseUrl, brandName } = context
  const normalized = path.length > 1 ? path.replace(/\/$/, '') : path
  const page = staticPages[normalized]
  if (page) {
    const isHome = normalized === '/'
    return {
      status: 200,
      isServerRendered: true,
      head: {
        title: page.title(brandName),
        description: page.description,
        canonical: `${baseUrl}${normalized === '/' ? '/' : normalized}`,
        jsonLd: isHome
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'Organization',
                name: brandName,
                url: `${baseUrl}/`,
              },
              {
                '@context': 'https://schema.org',
                '@type': 'WebSite',
                name: brandName,
                url: `${baseUrl}/`,
              },
            ]
          : [],
      },
    }
  }
  if (normalized === '/blog') return blogListPage(context)
  const legalSlug = legalSlugAt(normalized)
  if (legalSlug) {
    const head = await legalPageHead(legalSlug, context)
    return head ? { status: 200, isServerRendered: true, head } : notFoundPage(context, normalized)
  }
  // Every Business Center address (/admin/support/{id}…) gets the same shell: the app reads the
  // rest, so a reload or a pasted link lands where it points. Its data stays behind /api's guard.
  if (normalized === '/admin' || normalized.startsWith('/admin/')) {
    return {
      status: 200,
      isServerRendered: false,
      head: {
        title: `Business Center — ${brandName}`,
        description: 'Staff sign-in',
        canonical: `${baseUrl}/admin`,
        isIndexable: false,
      },
    }
  }
  // A customer's own pages are theirs alone: the shell, never indexed, data behind the session.
  if (normalized === '/account' || normalized.startsWith('/account/')) {
    return {
      status: 200,
      isServerRendered: false,
      head: {
        title: `Your account — ${brandName}`,
        description: 'Your login, your end date, renewals and receipts',
        canonical: `${baseUrl}/account`,
        isIndexable: false,
      },
    }
  }
  const deviceSlug = /^\/devices\/([^/]+)$/.exec(normalized)?.[1]
  if (deviceSlug) {
    const guide = deviceGuideBySlug(safeDecode(deviceSlug))
    if (!guide) return notFoundPage(context, normalized)
    return {
      status: 200,
      isServerRendered: true,
      head: {
        title: `Set up ${guide.title} — ${brandName}`,
        description: `${guide.steps.length} steps to watch on ${guide.deviceName}: ${guide.steps[0]}`,
        canonical: `${baseUrl}${normalized}`,
      },
    }
  }
  const slug = /^\/blog\/([^/]+)$/.exec(normalized)?.[1]
  if (slug) {
    const post = await blogPostPage(safeDecode(slug), context)
    return post ?? notFoundPage(context, normalized, 'Post Not Found')
  }
  return { ...notFoundPage(context, normalized), sharedMarkupKey: 'not-found' }
}
