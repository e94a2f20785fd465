import type { BlogPost } from '@common/blog'
import { readTimeByLength } from '@common/blog-rules'
import { PlainTextBody } from '@/components/plain-text-body'
import { PostMeta } from './post-meta'
import { PostTags } from './post-tags'
import { ShareButton } from './share-button'

/** A published post in full. */
export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <PostMeta post={post} readMinutes={readTimeByLength(post.content)} />
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {post.title}
        </h1>
        {post.excerpt && (
          <p className="text-xl leading-relaxed text-pretty text-muted-foreground">
            {post.excerpt}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <PostTags tags={post.tags} />
          <ShareButton title={post.title} />
        </div>
      </header>
      {post.featuredImage && (
        <img
          src={post.featuredImage}
          alt=""
          className="aspect-[16/9] w-full rounded-2xl border object-cover"
        />
      )}
      <PlainTextBody text={post.content} className="border-t pt-8" />
    </article>
  )
}
