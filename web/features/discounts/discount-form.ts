import type { Discount, DiscountInput } from '@common/discounts'
import { todayIsoDate } from '@/lib/calendar-date'

/**
 * A blank discount, valid from today. Fields are text: discountInput turns an empty
 * percentage, amount, code, end date or limit into null.
 */
export function newDiscountForm(): DiscountInput {
  return {
    name: '',
    code: '',
    percentage: '',
    amount: '',
    validFrom: todayIsoDate(),
    validTo: '',
    applicablePlans: [],
    active: true,
    maxRedemptions: '',
    oncePerPerson: false,
  }
}

/** A saved discount as the form's starting values; its dates are calendar days (UTC). */
export function discountFormValues(discount: Discount): DiscountInput {
  return {
    name: discount.name,
    code: discount.code ?? '',
    percentage: discount.percentage ?? '',
    amount: discount.amount ?? '',
    validFrom: discount.validFrom.slice(0, 10),
    validTo: discount.validTo?.slice(0, 10) ?? '',
    applicablePlans: discount.applicablePlans,
    active: discount.active,
    maxRedemptions: discount.maxRedemptions ?? '',
    oncePerPerson: discount.oncePerPerson,
  }
}

/** A saved discount as the body of its PUT, with `active` set: what the table's switch sends. */
export function discountInputWithActive(discount: Discount, active: boolean): DiscountInput {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    usedCount: _usedCount,
    reservedCount: _reservedCount,
    ...fields
  } = discount
  return { ...fields, active }
}
