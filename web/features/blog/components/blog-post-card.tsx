import { ArrowRight } from 'lucide-react'
import { Link } from 'wouter'
import type { BlogPost } from '@common/blog'
import { excerptOf, readTimeByLength, readTimeByWords } from '@common/blog-rules'
import { PostMeta } from './post-meta'
import { PostTags } from './post-tags'

// The landing and the blog page count reading time, excerpts and tags differently.
// On the landing a card sits in a section (h3), on /blog directly under the page title (h2).
const variants = {
  landing: { excerptLength: 120, maxTags: 2, readTime: readTimeByWords, Heading: 'h3' },
  list: { excerptLength: 150, maxTags: 3, readTime: readTimeByLength, Heading: 'h2' },
} as const

type BlogPostCardProps = { post: BlogPost; variant: keyof typeof variants }

/** A post as a card: image, date, reading time, title, excerpt, tags and a Read More link. */
export function BlogPostCard({ post, variant }: BlogPostCardProps) {
  const { excerptLength, maxTags, readTime, Heading } = variants[variant]
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      {post.featuredImage && (
        <img
          src={post.featuredImage}
          alt=""
          loading="lazy"
          className="aspect-[16/9] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PostMeta post={post} readMinutes={readTime(post.content)} />
        <Heading className="text-xl leading-snug font-semibold text-balance">{post.title}</Heading>
        <p className="line-clamp-4 text-muted-foreground">{excerptOf(post, excerptLength)}</p>
        <PostTags tags={post.tags} max={maxTags} />
        <Link
          href={`/blog/${encodeURIComponent(post.slug)}`}
          className="mt-auto inline-flex w-fit items-center gap-1.5 rounded-sm pt-2 font-semibold text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          Read More<span className="sr-only">: {post.title}</span>
          <ArrowRight
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden
          />
        </Link>
      </div>
    </article>
  )
}
