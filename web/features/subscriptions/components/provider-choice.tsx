import type { UseFormRegisterReturn } from 'react-hook-form'
import { checkoutProviders, providerLabels, type CheckoutProvider } from '@common/payments'

type ProviderChoiceProps = {
  id: string
  /** Undefined while it is read, or when it could not be (`isUnknown`). */
  state: Record<CheckoutProvider, boolean> | undefined
  isUnknown: boolean
  error: string | undefined
  registration: UseFormRegisterReturn
}

/** The configured providers to choose from; an unconfigured one says so instead. */
export function ProviderChoice({ id, state, isUnknown, error, registration }: ProviderChoiceProps) {
  const off = checkoutProviders.filter((provider) => state && !state[provider])
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Pay with</legend>
      {!state && (
        <p className="text-sm text-muted-foreground" role="status">
          {isUnknown
            ? 'Could not read which providers are configured.'
            : 'Reading which providers are configured…'}
        </p>
      )}
      {checkoutProviders
        .filter((provider) => state?.[provider])
        .map((provider) => (
          <label key={provider} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              value={provider}
              className="size-4 accent-primary"
              {...registration}
            />
            {providerLabels[provider]}
          </label>
        ))}
      {off.map((provider) => (
        <p key={provider} className="text-sm text-muted-foreground">
          {providerLabels[provider]} is not configured.
        </p>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
