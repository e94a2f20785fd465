import { z } from 'zod'

/** Where a message goes: e-mail now, Telegram once a customer binds a chat. */
export const messageChannels = ['email', 'telegram'] as const
export type MessageChannel = (typeof messageChannels)[number]

export const messageStatuses = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const
export type MessageStatus = (typeof messageStatuses)[number]

/** Every variable a template may name, with the sample value the preview fills in. */
export const templateVariableSamples = {
  firstName: 'Alex',
  brandName: 'StreamLine',
  username: 'sl7k2m9qxa',
  password: 'Xq3v9LmP2sT8wK4r',
  m3uUrl: 'https://panel.example.com/get.php?username=sl7k2m9qxa&password=Xq3v9LmP2sT8wK4r',
  serverUrl: 'https://panel.example.com',
  screens: '2 screens',
  planName: 'Family Plus',
  endDate: '31 March 2027',
  daysLeft: '90',
  ticketUrl: 'https://example.com/support?ticket=7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  ticketSubject: 'No sound on channel 4',
  replyText: 'Hello! Please restart the app and try again.',
  deviceName: 'TiviMate',
  timeLeft: '3 days',
  renewUrl: 'https://example.com/account/sign-in?token=sample&renew=1',
  /** A one-time link that signs the customer in to their own page (minted when sent). */
  accountUrl: 'https://example.com/account/sign-in?token=sample',
  receiptNumber: '1042',
  amount: '29.99 EUR',
  period: '3 months',
  daysAdded: '2',
  creditsReason: '40 credits left on the supplier panel: about 5 days at the current rate.',
  /** The saved card a renewal charges, as Stripe describes it. */
  cardLabel: 'Visa •••• 4242',
  /** Stripe's page where the customer confirms a renewal their card asked them to approve. */
  payUrl: 'https://example.com/pay/renewal/7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
} as const
export type TemplateVariable = keyof typeof templateVariableSamples
export type TemplateValues = Partial<Record<TemplateVariable, string>>

/**
 * The kinds of message we send, each with the variables its template may use; of those, the ones
 * that may be unknown when it is sent (`optional`: only inside `{if name}…{end}`, see
 * message-template.ts), and the customer's own words (`bodyOnly`) kept out of the Subject of
 * messages a stranger can cause, where they would read as ours. A support reply answers an admin's
 * words, so it keeps "Re: {ticketSubject}".
 */
export const messageKinds = {
  line_login: {
    label: 'Line login',
    description: 'When a line is made or its password reset: the login, M3U URL and setup guide.',
    variables: [
      'firstName',
      'brandName',
      'username',
      'password',
      'm3uUrl',
      'serverUrl',
      'screens',
      'planName',
      'endDate',
      'daysLeft',
      'deviceName',
    ],
    optional: ['firstName', 'planName', 'endDate', 'daysLeft', 'deviceName'],
    bodyOnly: ['firstName'],
  },
  subscription_started: {
    label: 'Subscription confirmation',
    description:
      'When a trial becomes a paid subscription: the plan and its end date; the username only when the login stays the same (a new login has its own e-mail).',
    variables: ['firstName', 'brandName', 'planName', 'endDate', 'daysLeft', 'username'],
    optional: ['firstName', 'planName', 'username'],
    bodyOnly: ['firstName'],
  },
  renewal_confirmation: {
    label: 'Renewal confirmation',
    description:
      'When a subscription is renewed: the plan and its new end date; the username only when the login stays the same (a new login has its own e-mail).',
    variables: ['firstName', 'brandName', 'planName', 'endDate', 'daysLeft', 'username'],
    optional: ['firstName', 'planName', 'username'],
    bodyOnly: ['firstName'],
  },
  compensation_days: {
    label: 'Days added',
    description:
      'When days are added to every active subscription after a service outage: how many, and the new end date; the username only while the customer has a login (nothing to change).',
    variables: ['firstName', 'brandName', 'planName', 'daysAdded', 'endDate', 'username'],
    optional: ['firstName', 'planName', 'username'],
    bodyOnly: ['firstName'],
  },
  payment_receipt: {
    label: 'Payment receipt',
    description:
      'When a payment settles: its receipt number, the amount, the plan, the months and the new end date.',
    variables: [
      'firstName',
      'brandName',
      'receiptNumber',
      'amount',
      'planName',
      'period',
      'endDate',
    ],
    optional: ['firstName'],
    bodyOnly: ['firstName'],
  },
  payment_refund: {
    label: 'Refund',
    description:
      'When a payment is refunded: the amount, its receipt and, when the subscription was shortened, its new end.',
    variables: ['firstName', 'brandName', 'amount', 'receiptNumber', 'planName', 'endDate'],
    optional: ['firstName', 'planName', 'endDate'],
    bodyOnly: ['firstName'],
  },
  subscription_reminder: {
    label: 'Subscription reminder',
    description:
      'Before a subscription ends, at the offsets of the reminder settings: a link that signs the customer in to renew; the username only while the customer has a login (renewing keeps it).',
    variables: [
      'firstName',
      'brandName',
      'planName',
      'endDate',
      'daysLeft',
      'timeLeft',
      'renewUrl',
      'username',
    ],
    optional: ['firstName', 'planName', 'username'],
    bodyOnly: ['firstName'],
  },
  trial_reminder: {
    label: 'Trial reminder',
    description:
      'Before a trial ends, at the offsets of the reminder settings: a link that signs the customer in to choose a plan; the username only while the customer has a login (paying keeps it).',
    variables: ['firstName', 'brandName', 'endDate', 'timeLeft', 'renewUrl', 'username'],
    optional: ['firstName', 'username'],
    bodyOnly: ['firstName'],
  },
  expiry_notice: {
    label: 'Access ended',
    description:
      'When a trial or subscription has ended: a link that signs the customer in to renew; the username only while the customer has a login (renewing brings it back).',
    variables: ['firstName', 'brandName', 'planName', 'endDate', 'renewUrl', 'username'],
    optional: ['firstName', 'planName', 'username'],
    bodyOnly: ['firstName'],
  },
  account_sign_in: {
    label: 'Sign-in link',
    description:
      'When a customer asks to sign in to their page: a link that works once, for 30 minutes.',
    variables: ['firstName', 'brandName', 'accountUrl'],
    optional: ['firstName'],
    bodyOnly: ['firstName'],
  },
  support_reply: {
    label: 'Support reply',
    description: 'When support answers while the customer is not in the chat.',
    variables: ['firstName', 'brandName', 'ticketSubject', 'replyText', 'ticketUrl'],
    optional: [],
    bodyOnly: [],
  },
  supplier_credits_low: {
    label: 'Supplier credits low (to the business)',
    description:
      'To the support address when the supplier credits fall low: below the alert, below the next 10 lines, or lasting fewer days than set.',
    variables: ['brandName', 'creditsReason'],
    optional: [],
    bodyOnly: [],
  },
  ticket_created: {
    label: 'Ticket received',
    description: 'When a customer opens a support ticket: its link to come back to the chat.',
    variables: ['firstName', 'brandName', 'ticketSubject', 'ticketUrl'],
    optional: [],
    bodyOnly: ['firstName', 'ticketSubject'],
  },
  bigger_plan_offer: {
    label: 'Bigger plan offer',
    description:
      'When an admin offers a line watched on more screens than it pays for the plan with more screens: a link that signs the customer in to pay for it.',
    variables: ['firstName', 'brandName', 'planName', 'screens', 'renewUrl'],
    optional: ['firstName'],
    bodyOnly: ['firstName'],
  },
  renewal_notice: {
    label: 'Automatic renewal ahead',
    description:
      'Days before a saved card is charged (Business Settings): when, how much and on which card, with a link to turn renewal off.',
    variables: ['firstName', 'brandName', 'planName', 'endDate', 'amount', 'cardLabel'],
    optional: ['firstName', 'planName'],
    bodyOnly: ['firstName'],
  },
  renewal_failed: {
    label: 'Renewal declined',
    description:
      'The first time a renewal is declined: the card is tried again, and an Update card button signs the customer in to give another.',
    variables: ['firstName', 'brandName', 'planName', 'amount', 'cardLabel', 'endDate'],
    optional: ['firstName', 'planName'],
    bodyOnly: ['firstName'],
  },
  renewal_authentication: {
    label: 'Renewal to confirm',
    description:
      'When the card asks its holder to approve a renewal: a button to pay it on the payment page.',
    variables: ['firstName', 'brandName', 'planName', 'amount', 'cardLabel', 'payUrl'],
    optional: ['firstName', 'planName'],
    bodyOnly: ['firstName'],
  },
  renewal_line_off: {
    label: 'Line off tomorrow',
    description:
      'The day before an unpaid renewal switches the line off: an Update card button to keep it on.',
    variables: ['firstName', 'brandName', 'planName', 'amount', 'endDate'],
    optional: ['firstName', 'planName'],
    bodyOnly: ['firstName'],
  },
  renewal_ended: {
    label: 'Renewal ended unpaid',
    description:
      'When a renewal could not be charged after its retries: the subscription has ended; a button signs the customer in to pay again.',
    variables: ['firstName', 'brandName', 'planName', 'amount'],
    optional: ['firstName', 'planName'],
    bodyOnly: ['firstName'],
  },
  card_expiring: {
    label: 'Card expires before renewal',
    description:
      'A week before an automatic renewal whose saved card expires before it: a link that signs the customer in to update the card.',
    variables: ['firstName', 'brandName', 'cardLabel', 'endDate', 'accountUrl'],
    optional: ['firstName'],
    bodyOnly: ['firstName'],
  },
} as const satisfies Record<
  string,
  {
    label: string
    description: string
    variables: readonly TemplateVariable[]
    optional: readonly TemplateVariable[]
    bodyOnly: readonly TemplateVariable[]
  }
>
export type MessageKind = keyof typeof messageKinds
export const messageKindNames = Object.keys(messageKinds) as [MessageKind, ...MessageKind[]]

/**
 * The kinds a person's unsubscribe stops, each with a "Renew now" link that signs them in to pay;
 * logins, confirmations and support replies still go.
 */
export const reminderKinds = [
  'subscription_reminder',
  'trial_reminder',
  'expiry_notice',
  'bigger_plan_offer',
] as const satisfies readonly MessageKind[]
export type ReminderKind = (typeof reminderKinds)[number]

export const messageKindParams = z.object({
  kind: z.enum(messageKindNames, { error: `kind must be one of ${messageKindNames.join(', ')}` }),
})

export const templateText = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, 'Body is required')
    .max(5000, 'Body must be at most 5000 characters'),
})
export type TemplateText = z.infer<typeof templateText>

// The answer's words are as saved: the input's rules are checked on the way in, not out.
export const messageTemplate = z.object({
  kind: z.enum(messageKindNames),
  subject: z.string(),
  body: z.string(),
  /** False once an admin saved their own words; deleting it brings the default back. */
  isDefault: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /**
   * What the saved words break of today's rules (saved before a rule existed): while any is
   * listed, the default is sent instead.
   */
  problems: z.array(z.string()),
})
export type MessageTemplate = z.infer<typeof messageTemplate>

export const previewTemplateInput = templateText.extend({ kind: z.enum(messageKindNames) })
export type PreviewTemplateInput = z.input<typeof previewTemplateInput>

export const templatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() })
export type TemplatePreview = z.infer<typeof templatePreview>

export const testSendInput = previewTemplateInput.extend({
  to: z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address'),
})
export type TestSendInput = z.input<typeof testSendInput>

/**
 * Whether e-mail can be sent at all (SMTP_URL and MAIL_FROM set), from which address, and the
 * installation's own addresses a test may go to (none while e-mail is off).
 */
export const mailStatus = z.object({
  isEmailEnabled: z.boolean(),
  from: z.string().nullable(),
  testRecipients: z.array(z.string()),
})
export type MailStatus = z.infer<typeof mailStatus>

/** One message as the person's list shows it; never its variables (a login holds a password). */
export const outboxMessage = z.object({
  id: z.uuid(),
  channel: z.enum(messageChannels),
  kind: z.enum(messageKindNames),
  recipient: z.string(),
  /** Filled in once rendered for sending; a receipt's is null for support agents (it may name the amount). */
  subject: z.string().nullable(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type OutboxMessage = z.infer<typeof outboxMessage>

/** A person's choices about messages: when they unsubscribed from reminders, if they did. */
export const messagePreferences = z.object({ remindersStoppedAt: z.iso.datetime().nullable() })
export type MessagePreferences = z.infer<typeof messagePreferences>
