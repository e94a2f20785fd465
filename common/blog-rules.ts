// No zod here on purpose: public pages import these rules, and zod is heavy (see site-config.ts).
import type { BlogPost } from './blog'

/** Lowercase, drop all but letters, digits, spaces and hyphens, spaces to hyphens, collapse. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Landing cards: words / 200, rounded up. */
export function readTimeByWords(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.ceil(words / 200))
}

/** Blog pages: characters / 1000, rounded up. */
export function readTimeByLength(content: string): number {
  return Math.max(1, Math.ceil(content.length / 1000))
}

/** The post's excerpt, or the first `length` characters of its content. */
export function excerptOf(post: Pick<BlogPost, 'excerpt' | 'content'>, length: number): string {
  if (post.excerpt?.trim()) return post.excerpt
  const text = post.content.trim()
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text
}
