import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import type { z } from 'zod'
import { useFormFailure } from '@/lib/form-failure'
import { randomUuid } from '@/lib/random-uuid'

type MoneyDialogFormOptions<Input extends FieldValues, Output> = {
  /** Checks the form in the browser: the server's own schema, or one built on it. */
  schema: z.ZodType<Output, Input>
  /** Where each opening starts. */
  startValues: () => DefaultValues<Input>
  /** The fields a server's refusal may name: its message shows on the field, else above the buttons. */
  fields?: readonly Path<Input>[]
  /**
   * Keeps the request id from one opening to the next until a submit succeeds (then call
   * `renewRequestId`): a refund retried after a timeout, even from the dialog opened again, is
   * the same refund. Otherwise each opening is a new request.
   */
  keepsRequestIdUntilSuccess?: boolean
}

/**
 * A money dialog's state and form: open or closed, the form starting afresh at each opening with
 * no message left from before, and one request id, so that a retried submit (a lost answer, a
 * double click) changes the money once.
 */
export function useMoneyDialogForm<Input extends FieldValues, Output>({
  schema,
  startValues,
  fields = [],
  keepsRequestIdUntilSuccess = false,
}: MoneyDialogFormOptions<Input, Output>) {
  const [isOpen, setIsOpen] = useState(false)
  const [requestId, setRequestId] = useState(randomUuid)
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema) })
  const failure = useFormFailure(form.setError, fields)

  const handleOpenChange = (open: boolean) => {
    if (open) {
      form.reset(startValues())
      failure.clear()
      if (!keepsRequestIdUntilSuccess) setRequestId(randomUuid())
    }
    setIsOpen(open)
  }
  return {
    form,
    failure,
    isOpen,
    handleOpenChange,
    close: () => setIsOpen(false),
    requestId,
    renewRequestId: () => setRequestId(randomUuid()),
  }
}
