import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck, Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { signInLinkInput, type SignInLinkInput } from '@common/customer-account'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useRequestSignInLink } from '../api/request-sign-in-link'

/** "E-mail me a sign-in link": the answer reads the same whether or not we know the address. */
export function SignInLinkForm() {
  const request = useRequestSignInLink()
  const { register, handleSubmit, formState } = useForm<SignInLinkInput>({
    resolver: zodResolver(signInLinkInput),
    defaultValues: { email: '' },
  })
  if (request.isSuccess) {
    return (
      <p role="status" className="flex items-start gap-3 rounded-lg bg-accent p-4 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        {request.data.message}
      </p>
    )
  }
  const failure =
    request.error instanceof ApiError
      ? (request.error.serverMessage ?? 'Something went wrong. Please try again.')
      : request.error
        ? 'We could not reach the server. Check your connection and try again.'
        : undefined
  return (
    <form
      noValidate
      aria-label="E-mail me a sign-in link"
      className="grid gap-4"
      onSubmit={handleSubmit((input) => request.mutate(input))}
    >
      <FormField
        id="sign-in-email"
        label="Your e-mail address"
        error={formState.errors.email?.message}
      >
        {(controlProps) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...controlProps}
            {...register('email')}
          />
        )}
      </FormField>
      <FormAlert message={failure} />
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? <Spinner label="Sending" /> : <Send aria-hidden />}
        E-mail me a sign-in link
      </Button>
    </form>
  )
}
