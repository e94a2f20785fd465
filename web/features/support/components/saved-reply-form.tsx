import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  replyVariables,
  saveSavedReplyInput,
  type SavedReply,
  type SaveSavedReplyInput,
} from '@common/saved-replies'
import { maxChatMessageLength } from '@common/support'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { showServerFieldErrors } from '@/lib/form-errors'
import { resultToasts } from '@/lib/result-toasts'
import { useSaveSavedReply } from '../api/save-saved-reply'

type SavedReplyFormProps = {
  /** The reply to edit; a new one when absent. */
  reply?: SavedReply
  onDone: () => void
}

const variablesHint = `Variables: ${replyVariables.map((name) => `{${name}}`).join(' ')}`

/** Adds or edits a saved reply, checked with the server's own schema. */
export function SavedReplyForm({ reply, onDone }: SavedReplyFormProps) {
  const save = useSaveSavedReply()
  const form = useForm<SaveSavedReplyInput>({
    resolver: zodResolver(saveSavedReplyInput),
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
  })
  const { errors } = form.formState
  const idPrefix = `saved-reply-${reply?.id ?? 'new'}`

  const handleSave = form.handleSubmit((input) =>
    save.mutate(
      { input, id: reply?.id },
      resultToasts({
        success: reply ? 'Saved reply updated' : 'Saved reply added',
        failure: 'Failed to save the reply',
        onSuccess: onDone,
        onError: (error) => void showServerFieldErrors(error, form.setError, ['title', 'body']),
      }),
    ),
  )

  return (
    <form
      onSubmit={handleSave}
      noValidate
      aria-label={reply ? `Edit ${reply.title}` : 'New saved reply'}
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <FormField id={`${idPrefix}-title`} label="Title" error={errors.title?.message}>
        {(controlProps) => <Input {...controlProps} {...form.register('title')} />}
      </FormField>
      <FormField
        id={`${idPrefix}-body`}
        label="Reply text"
        error={errors.body?.message}
        hint={variablesHint}
      >
        {(controlProps) => (
          <Textarea
            rows={4}
            maxLength={maxChatMessageLength}
            {...controlProps}
            {...form.register('body')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {reply ? 'Save changes' : 'Add reply'}
        </Button>
      </div>
    </form>
  )
}
