import { recordCommands } from '../audit/record-commands'
import { createPlan, deletePlan, updatePlan } from './plans.service'

/** Creating, changing and deleting a plan; the public's plan list is forgotten after each. */
export const planCommands = recordCommands({
  entity: 'plan',
  publicScope: 'plans',
  create: createPlan,
  update: updatePlan,
  remove: deletePlan,
})
