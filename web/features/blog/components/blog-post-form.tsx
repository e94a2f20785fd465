import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { slugify } from '@common/blog-rules'
import { SwitchField } from '@/components/switch-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { listFieldError } from '@/lib/list-field-error'
import {
  blogPostFormInput,
  type BlogPostFormInput,
  type BlogPostFormValues,
} from '../blog-post-form'
import { SeoScorePanel } from './seo-score-panel'

type BlogPostFormProps = {
  formId: string
  defaultValues: BlogPostFormInput
  /** `setSlugError` shows the server's refusal of a slug already taken on the slug field. */
  onSubmit: (values: BlogPostFormValues, setSlugError: (message: string) => void) => void
}

const count = (text: string | null | undefined) => text?.length ?? 0

/** The post dialog's fields, validated with blogPostInput, beside the live SEO score. */
export function BlogPostForm({ formId, defaultValues, onSubmit }: BlogPostFormProps) {
  const { register, handleSubmit, control, setError, formState } = useForm<
    BlogPostFormInput,
    unknown,
    BlogPostFormValues
  >({ resolver: zodResolver(blogPostFormInput), defaultValues })
  const { errors } = formState
  const [title, slug, excerpt, content, metaTitle, metaDescription] = useWatch({
    control,
    name: ['title', 'slug', 'excerpt', 'content', 'metaTitle', 'metaDescription'],
  })
  // The server makes an empty slug from the title the same way.
  const slugFromTitle = slugify(title ?? '')

  const handleSave = handleSubmit((values) =>
    onSubmit(values, (message) => setError('slug', { message }, { shouldFocus: true })),
  )

  return (
    <form
      id={formId}
      onSubmit={handleSave}
      noValidate
      aria-label="Blog post"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="post-title"
          label="Title"
          hint={`${count(title)}/60 characters`}
          error={errors.title?.message}
          className="sm:col-span-2"
        >
          {(props) => <Input autoComplete="off" {...props} {...register('title')} />}
        </FormField>
        <FormField
          id="post-slug"
          label="Slug"
          hint="Leave empty to make it from the title."
          error={errors.slug?.message}
          className="sm:col-span-2"
        >
          {(props) => (
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={slugFromTitle || 'made-from-the-title'}
              {...props}
              {...register('slug')}
            />
          )}
        </FormField>
        <FormField
          id="post-excerpt"
          label="Excerpt"
          hint={`${count(excerpt)} characters; 50 or more is best`}
          error={errors.excerpt?.message}
          className="sm:col-span-2"
        >
          {(props) => <Textarea rows={2} {...props} {...register('excerpt')} />}
        </FormField>
        <FormField
          id="post-content"
          label="Content"
          hint={`${count(content)} characters. Plain text; line breaks are kept.`}
          error={errors.content?.message}
          className="sm:col-span-2"
        >
          {(props) => <Textarea rows={10} {...props} {...register('content')} />}
        </FormField>
        <FormField
          id="post-meta-title"
          label="Meta title"
          hint={`${count(metaTitle)}/60 characters`}
          error={errors.metaTitle?.message}
          className="sm:col-span-2"
        >
          {(props) => <Input autoComplete="off" {...props} {...register('metaTitle')} />}
        </FormField>
        <FormField
          id="post-meta-description"
          label="Meta description"
          hint={`${count(metaDescription)}/160 characters; 120 to 160 is best`}
          error={errors.metaDescription?.message}
          className="sm:col-span-2"
        >
          {(props) => <Textarea rows={3} {...props} {...register('metaDescription')} />}
        </FormField>
        <FormField
          id="post-tags"
          label="Tags"
          hint="Comma-separated, e.g. football, guides"
          error={listFieldError(errors.tags)}
        >
          {(props) => <Input autoComplete="off" {...props} {...register('tags')} />}
        </FormField>
        <FormField
          id="post-featured-image"
          label="Featured image URL"
          error={errors.featuredImage?.message}
        >
          {(props) => (
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              {...props}
              {...register('featuredImage')}
            />
          )}
        </FormField>
        <Controller
          control={control}
          name="published"
          render={({ field }) => (
            <SwitchField
              id="post-published"
              label="Published"
              description="Published posts are on the blog, the sitemap and the feed."
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
      <div className="lg:sticky lg:top-0">
        <SeoScorePanel
          post={{
            title,
            slug: slug || slugFromTitle,
            excerpt,
            content,
            metaTitle,
            metaDescription,
          }}
        />
      </div>
    </form>
  )
}
