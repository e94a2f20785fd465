import { MessageSquareText, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { ConfirmIconButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useDeleteSavedReply } from '../api/delete-saved-reply'
import { useSavedReplies } from '../api/get-saved-replies'
import { SavedReplyForm } from './saved-reply-form'

/** Saved replies every agent shares: list, add, edit, delete (confirmed). */
export function SavedRepliesManager() {
  const replies = useSavedReplies()
  const deleteReply = useDeleteSavedReply()
  // The reply being edited, 'new' while adding one, null otherwise.
  const [editing, setEditing] = useState<string | null>(null)
  const stopEditing = () => setEditing(null)

  return (
    <section aria-labelledby="saved-replies-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="saved-replies-heading" className="font-semibold">
          Saved replies
        </h3>
        {editing !== 'new' && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add saved reply
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Type <kbd className="rounded border px-1 font-mono">/</kbd> in a reply box to insert one;
        its variables are filled for that customer.
      </p>
      {editing === 'new' && <SavedReplyForm onDone={stopEditing} />}
      {replies.data === undefined ? (
        replies.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-muted-foreground">Saved replies could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void replies.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading saved replies">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        )
      ) : replies.data.length === 0 && editing !== 'new' ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
          <MessageSquareText className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No saved replies yet</p>
          <p className="text-sm text-muted-foreground">
            Save the answers you give most, like how to restart the app or where the playlist is.
          </p>
        </div>
      ) : (
        <ul className="grid gap-2">
          {replies.data.map((reply) =>
            editing === reply.id ? (
              <li key={reply.id}>
                <SavedReplyForm reply={reply} onDone={stopEditing} />
              </li>
            ) : (
              <li key={reply.id} className="flex items-start gap-2 rounded-lg border p-3">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="truncate font-medium">{reply.title}</p>
                  <p className="line-clamp-2 text-sm break-words text-muted-foreground">
                    {reply.body}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${reply.title}`}
                  title="Edit"
                  onClick={() => setEditing(reply.id)}
                >
                  <Pencil aria-hidden />
                </Button>
                <ConfirmIconButton
                  label={`Delete ${reply.title}`}
                  title="Delete this saved reply?"
                  description={`“${reply.title}” will no longer be offered to any agent.`}
                  confirmLabel="Delete"
                  isPending={deleteReply.isPending && deleteReply.variables === reply.id}
                  onConfirm={() => deleteReply.mutate(reply.id)}
                />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  )
}
