import { zodResolver } from '@hookform/resolvers/zod'
import { PlusCircle } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  createM3uLineInputFor,
  m3uSubscriptionLabels,
  m3uSubscriptionTypes,
  type CreateM3uLineInput,
} from '@common/m3u'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { isNetworkError, serverMessageOf } from '@/lib/api-client'
import { randomUuid } from '@/lib/random-uuid'
import { showToast } from '@/lib/toast'
import { useCreateM3uLine, type CreatedM3uLine } from '../api/create-m3u-line'
import { useSupplierConfig } from '../api/get-supplier-config'

type M3uLineValues = z.output<ReturnType<typeof createM3uLineInputFor>>

const emptyForm: CreateM3uLineInput = { subscriptionType: '', packageId: '', notes: '', apiKey: '' }

function failureMessage(error: unknown): string {
  if (isNetworkError(error)) return 'Could not reach the server. Please try again.'
  return serverMessageOf(error) ?? 'Please try again.'
}

/**
 * Buys a line from the supplier panel; the API key is sent once and kept nowhere. When
 * the server holds SUPPLIER_API_KEY the field may be left empty.
 */
export function CreateM3uLineForm() {
  const createLine = useCreateM3uLine()
  // Until the server has said, the key is asked for, as the specification's form does.
  const hasServerKey = useSupplierConfig().data?.hasServerKey ?? false
  const schema = useMemo(() => createM3uLineInputFor({ hasServerKey }), [hasServerKey])
  // One id per order, kept until the supplier has sold it: a retry after a lost answer (or a
  // double click) finds the line already bought instead of buying a second one.
  const [orderId, setOrderId] = useState(randomUuid)
  const { register, handleSubmit, reset, setError, formState } = useForm<
    CreateM3uLineInput,
    unknown,
    M3uLineValues
  >({ resolver: zodResolver(schema), defaultValues: emptyForm })
  const { errors } = formState

  const handleCreated = ({ line, isNew }: CreatedM3uLine) => {
    setOrderId(randomUuid())
    reset(emptyForm)
    showToast({
      title: isNew ? 'M3U line created successfully' : 'This M3U line was already created',
      description: line.m3uUrl,
      duration: 10_000,
    })
  }
  const handleFailed = (error: unknown) => {
    const message = failureMessage(error)
    setError('root.server', { message })
    showToast({ title: 'Failed to create M3U line', description: message, variant: 'destructive' })
  }
  const handleCreate = handleSubmit((values) =>
    createLine.mutate(
      { ...values, requestId: orderId },
      { onSuccess: handleCreated, onError: handleFailed },
    ),
  )

  return (
    <form onSubmit={handleCreate} noValidate aria-label="Create M3U line" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="m3u-subscription-type"
          label="Subscription type"
          error={errors.subscriptionType?.message}
        >
          {(props) => (
            <NativeSelect {...props} {...register('subscriptionType')}>
              <option value="">Select a subscription type</option>
              {m3uSubscriptionTypes.map((type) => (
                <option key={type} value={type}>
                  {m3uSubscriptionLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="m3u-package-id"
          label="Package ID"
          hint="The panel's bouquet number, or several separated by commas."
          error={errors.packageId?.message}
        >
          {(props) => <Input autoComplete="off" {...props} {...register('packageId')} />}
        </FormField>
      </div>
      <FormField id="m3u-notes" label="Notes (optional)" error={errors.notes?.message}>
        {(props) => <Textarea rows={2} {...props} {...register('notes')} />}
      </FormField>
      <FormField
        id="m3u-api-key"
        label="API key"
        hint={
          hasServerKey
            ? "Leave empty to use the server's key. Sent to the supplier for this line only; never saved."
            : 'Sent to the supplier for this line only; never saved.'
        }
        error={errors.apiKey?.message}
      >
        {(props) => (
          <PasswordInput
            autoComplete="off"
            spellCheck={false}
            data-1p-ignore
            data-lpignore="true"
            {...props}
            {...register('apiKey')}
          />
        )}
      </FormField>
      {errors.root?.server && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {errors.root.server.message}
        </p>
      )}
      <Button type="submit" className="w-fit" disabled={createLine.isPending}>
        {createLine.isPending ? <Spinner /> : <PlusCircle aria-hidden />}
        Create Line
      </Button>
    </form>
  )
}
