import { z } from 'zod'

export const subscriptionStatuses = ['trial', 'active', 'expired', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const trialPlans = ['Starter', 'Family', 'Household', 'Premium'] as const

const optionalContact = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

/** The public trial form (spec §5), validated the same way in the browser and on the server. */
export const trialRequestInput = z.object({
  firstName: z
    .string({ error: 'First name must be at least 2 characters' })
    .trim()
    .min(2, 'First name must be at least 2 characters')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: 'Last name must be at least 2 characters' })
    .trim()
    .min(2, 'Last name must be at least 2 characters')
    .max(100, 'Last name must be at most 100 characters'),
  email: z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address'),
  plan: z
    .string({ error: 'Please select a plan' })
    .trim()
    .min(1, 'Please select a plan')
    .max(100, 'Please select a plan'),
  telegram: optionalContact('Telegram', 100),
  whatsapp: optionalContact('WhatsApp', 50),
  /** Generated once per submission in the browser, so a retried submit is stored once. */
  clientRequestId: z.uuid({ error: 'clientRequestId must be a UUID' }).optional(),
})
export type TrialRequestInput = z.input<typeof trialRequestInput>
