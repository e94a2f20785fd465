import { describe, expect, it } from 'vitest'
import type { PersonView } from '../../../common/people'
import type { PersonLine } from '../../../common/person-lines'
import { ticketReplyValues } from './reply-values'

const ticket = { customerName: 'Lina  Check', customerEmail: 'lina@example.com' }

describe('ticketReplyValues', () => {
  it("fills from the ticket alone when the e-mail is nobody's record", () => {
    expect(ticketReplyValues(ticket, null, 'Ada')).toEqual({
      firstName: 'Lina',
      name: 'Lina  Check',
      email: 'lina@example.com',
      username: null,
      m3uUrl: null,
      plan: null,
      agentName: 'Ada',
    })
  })

  it("prefers the customer's record, paid plan and line", () => {
    const line = { username: 'sub-42', m3uUrl: 'https://panel.example/get.php?u=1' } as PersonLine
    const view = {
      line,
      person: {
        firstName: 'Carolina',
        name: 'Carolina Check',
        plan: 'Starter',
        paidPlan: 'Family',
      },
    } as PersonView
    expect(ticketReplyValues(ticket, view, 'Support Agent')).toMatchObject({
      firstName: 'Carolina',
      name: 'Carolina Check',
      username: 'sub-42',
      m3uUrl: 'https://panel.example/get.php?u=1',
      plan: 'Family',
    })
  })
})
