import { auditAction, auditedChange, type CommandContext } from '../audit/command'
import { recordCommands } from '../audit/record-commands'
import { createBlogPost, deleteBlogPost, publishBlogPost, updateBlogPost } from './blog.service'

/** Writing and deleting a post; the public's blog is forgotten after each change. */
export const blogPostCommands = recordCommands({
  entity: 'blog_post',
  publicScope: 'blog',
  create: createBlogPost,
  update: updateBlogPost,
  remove: deleteBlogPost,
})

export const publishAction = auditAction('blog_post', 'publish')

export async function publishBlogPostCommand(ctx: CommandContext, id: string) {
  const post = await auditedChange(ctx, publishAction, { entityId: id, details: null }, (tx) =>
    publishBlogPost(tx, id, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'public_content_changed', scope: 'blog' })
  return post
}
