export const subscriptionStatuses = ['trial', 'active', 'expired', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const trialPlans = ['Starter', 'Family', 'Household', 'Premium'] as const
