import { zodResolver } from '@hookform/resolvers/zod'
import { NotebookPen } from 'lucide-react'
import { useForm } from 'react-hook-form'
import {
  createPersonNoteInput,
  maxPersonNoteLength,
  type CreatePersonNoteInput,
  type PersonNote,
} from '@common/people'
import { ConfirmIconButton } from '@/components/confirm-button'
import { FormAlert } from '@/components/form-alert'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { serverMessageOf } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useAddPersonNote } from '../api/add-person-note'
import { useDeletePersonNote } from '../api/delete-person-note'

type PersonNotesProps = { personId: string; personName: string; notes: PersonNote[] }

/** Admins' private notes on the person, newest first; the person never sees them. */
export function PersonNotes({ personId, personName, notes }: PersonNotesProps) {
  const addNote = useAddPersonNote(personId)
  const deleteNote = useDeletePersonNote(personId)
  const { register, handleSubmit, reset, formState } = useForm<CreatePersonNoteInput>({
    resolver: zodResolver(createPersonNoteInput),
    defaultValues: { body: '' },
  })

  const handleAdd = handleSubmit((values) =>
    addNote.mutate(values, { onSuccess: () => reset({ body: '' }) }),
  )

  return (
    <SectionCard title="Notes" icon={NotebookPen} description="Only staff see these.">
      <form onSubmit={handleAdd} noValidate className="grid gap-2">
        <FormField
          id="person-note"
          label="New note"
          error={formState.errors.body?.message}
          hint={`Up to ${maxPersonNoteLength} characters.`}
        >
          {(controlProps) => <Textarea rows={3} {...controlProps} {...register('body')} />}
        </FormField>
        {addNote.isError && (
          <FormAlert message={serverMessageOf(addNote.error) ?? 'The note was not saved.'} />
        )}
        <Button type="submit" className="w-fit" disabled={addNote.isPending}>
          {addNote.isPending && <Spinner />}
          Add note
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul aria-label={`Notes on ${personName}`} className="grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="grid gap-1 rounded-lg bg-muted/60 px-3 py-2">
              <div className="flex items-start gap-2">
                <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-wrap">
                  {note.body}
                </p>
                <ConfirmIconButton
                  label={`Delete note of ${formatDateTime(note.createdAt)}`}
                  tooltip="Delete note"
                  title="Delete this note?"
                  description="The note is removed for every admin. This cannot be undone."
                  confirmLabel="Delete note"
                  onConfirm={() => deleteNote.mutate(note.id)}
                  isPending={deleteNote.isPending}
                />
              </div>
              <p className="text-xs text-muted-foreground">
                {note.authorUsername} ·{' '}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
