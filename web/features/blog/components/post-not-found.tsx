import { FileQuestion } from 'lucide-react'
import { StatusMessage } from '@/components/status-message'

/** What /blog/{slug} shows for a post that does not exist or is not published. */
export function PostNotFound() {
  return (
    <StatusMessage icon={FileQuestion} title="Post Not Found" titleAs="h1">
      The blog post you're looking for doesn't exist or has been removed.
    </StatusMessage>
  )
}
