import { z } from 'zod'
import { blogPostInput, type BlogPost } from '@common/blog'

/** blogPostInput as the dialog's form: tags are typed comma-separated. */
export const blogPostFormInput = blogPostInput.extend({
  tags: z.preprocess((text: string | undefined) => text?.split(','), blogPostInput.shape.tags),
})
export type BlogPostFormInput = z.input<typeof blogPostFormInput>
export type BlogPostFormValues = z.output<typeof blogPostFormInput>

export const newBlogPostForm: BlogPostFormInput = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  metaTitle: '',
  metaDescription: '',
  tags: '',
  featuredImage: '',
  published: false,
}

/** A saved post as the form's starting values. */
export function blogPostFormValues(post: BlogPost): BlogPostFormInput {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    content: post.content,
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    tags: post.tags.join(', '),
    featuredImage: post.featuredImage ?? '',
    published: post.published,
  }
}
