import type { BlogPost } from '@common/blog'
import { FormDialog } from '@/components/form-dialog'
import { saveRecord } from '@/lib/save-record'
import { useCreateBlogPost } from '../api/create-blog-post'
import { useUpdateBlogPost } from '../api/update-blog-post'
import { blogPostFormValues, newBlogPostForm, type BlogPostFormValues } from '../blog-post-form'
import { BlogPostForm } from './blog-post-form'

/** Closed, writing a new post, or editing one. */
export type BlogPostDialogState = { mode: 'create' } | { mode: 'edit'; post: BlogPost } | null

type BlogPostFormDialogProps = { state: BlogPostDialogState; onClose: () => void }

const formId = 'blog-post-form'

export function BlogPostFormDialog({ state, onClose }: BlogPostFormDialogProps) {
  const createPost = useCreateBlogPost()
  const updatePost = useUpdateBlogPost()
  const isEditing = state?.mode === 'edit'

  const handleSubmit = (input: BlogPostFormValues, setSlugError: (message: string) => void) =>
    saveRecord(input, {
      create: createPost,
      update: updatePost,
      id: state?.mode === 'edit' ? state.post.id : undefined,
      created: {
        success: 'Blog post created successfully!',
        failure: 'Failed to create blog post',
      },
      updated: {
        success: 'Blog post updated successfully!',
        failure: 'Failed to update blog post',
      },
      onSaved: onClose,
      onConflict: setSlugError,
    })

  return (
    <FormDialog
      isOpen={state !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={isEditing ? 'Edit Blog Post' : 'New Blog Post'}
      description="Title and content are required; the SEO score shows what else helps the post be found."
      formId={formId}
      submitLabel={isEditing ? 'Save Changes' : 'Create Post'}
      isPending={createPost.isPending || updatePost.isPending}
      className="sm:max-w-5xl"
    >
      {state && (
        <BlogPostForm
          formId={formId}
          defaultValues={state.mode === 'edit' ? blogPostFormValues(state.post) : newBlogPostForm}
          onSubmit={handleSubmit}
        />
      )}
    </FormDialog>
  )
}
