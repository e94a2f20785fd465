import type { PreviewTemplateInput } from '@common/messages'
import { Skeleton } from '@/components/ui/skeleton'
import { serverMessageOf } from '@/lib/api-client'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { usePreviewMessageTemplate } from '../api/preview-message-template'

/**
 * The e-mail as the server renders it, with sample values. A sandboxed frame: the HTML is ours
 * (every value escaped) but runs nothing and reaches nothing of the Business Center.
 */
export function TemplatePreview({ input }: { input: PreviewTemplateInput }) {
  const preview = usePreviewMessageTemplate(useDebouncedValue(input, 400))
  return (
    <section aria-label="Preview" className="grid gap-2">
      <h3 className="text-sm font-medium">Preview with sample values</h3>
      {preview.isError && !preview.data ? (
        <p role="alert" className="text-sm text-destructive">
          The preview could not be shown:{' '}
          {serverMessageOf(preview.error) ?? 'check the subject and body.'}
        </p>
      ) : preview.data ? (
        <>
          <p className="text-sm break-words">
            <span className="text-muted-foreground">Subject: </span>
            {preview.data.subject}
          </p>
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="h-[28rem] w-full rounded-md border bg-white"
          />
        </>
      ) : (
        <Skeleton className="h-[28rem] w-full" />
      )}
    </section>
  )
}
