import { zodResolver } from '@hookform/resolvers/zod'
import { ExternalLink, Save } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import {
  isPublishedLegalPage,
  legalPageLabels,
  legalPagePaths,
  type LegalPage,
} from '@common/legal-page-rules'
import { legalPageInput, type LegalPageInput, type LegalPageValues } from '@common/legal-pages'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { fieldIssuesOf } from '@/lib/api-client'
import { formatShortDate } from '@/lib/format'
import { resultToasts } from '@/lib/result-toasts'
import { useSaveLegalPage } from '../api/save-legal-page'

/** One legal page's title and text, saved alone; the form follows what the server last answered. */
export function LegalPageForm({ page }: { page: LegalPage }) {
  const save = useSaveLegalPage()
  const label = legalPageLabels[page.slug]
  const path = legalPagePaths[page.slug]
  const { register, control, handleSubmit, setError, formState } = useForm<
    LegalPageInput,
    unknown,
    LegalPageValues
  >({ resolver: zodResolver(legalPageInput), values: { title: page.title, body: page.body } })
  const { errors, isDirty } = formState
  const body = useWatch({ control, name: 'body' }) ?? ''
  const isPublished = isPublishedLegalPage(page)

  const handleSave = handleSubmit((values) =>
    save.mutate(
      { slug: page.slug, values },
      resultToasts({
        success: `${label} saved`,
        failure: `Failed to save the ${label}`,
        describe: (saved) =>
          isPublishedLegalPage(saved)
            ? `It is live at ${path} and linked from the footer.`
            : 'Its text is empty: it is off the site and out of the footer.',
        onError: (failure) => {
          const issues = fieldIssuesOf(failure, ['title', 'body'])
          if (issues.title) setError('title', { message: issues.title })
          if (issues.body) setError('body', { message: issues.body })
        },
      }),
    ),
  )

  const titleId = `legal-${page.slug}-heading`
  return (
    <form
      onSubmit={handleSave}
      noValidate
      aria-labelledby={titleId}
      className="grid content-start gap-4 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {label}
        </h3>
        {isPublished ? <Badge>Published</Badge> : <Badge variant="secondary">Not published</Badge>}
      </div>
      <FormField id={`legal-${page.slug}-title`} label="Title" error={errors.title?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('title')} />}
      </FormField>
      <FormField
        id={`legal-${page.slug}-body`}
        label="Text"
        hint={`${body.length} characters. Plain text; line breaks are kept. Empty takes the page off the site and out of the footer.`}
        error={errors.body?.message}
      >
        {(props) => (
          <Textarea
            rows={12}
            placeholder={`Write the ${label} here.`}
            {...props}
            {...register('body')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          Save {label}
        </Button>
        {isPublished && (
          <Button asChild variant="link" className="px-0">
            <a href={path} target="_blank" rel="noreferrer">
              View page
              <ExternalLink aria-hidden />
            </a>
          </Button>
        )}
        {page.updatedAt && (
          <p className="text-sm text-muted-foreground">
            Last saved {formatShortDate(page.updatedAt)}
          </p>
        )}
      </div>
    </form>
  )
}
