/** Months of service a supplier line is bought for; 99 is the supplier's demo line. */
export const m3uSubscriptionTypes = [1, 3, 6, 12, 99] as const
export type M3uSubscriptionType = (typeof m3uSubscriptionTypes)[number]
