import { recordCommands } from '../audit/record-commands'
import { createDiscount, deleteDiscount, updateDiscount } from './discounts.service'

/** Creating, changing and deleting a discount code. */
export const discountCommands = recordCommands({
  entity: 'discount',
  create: createDiscount,
  update: updateDiscount,
  remove: deleteDiscount,
})
