import { fillPlaceholders } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { boundValues, placeholdersFor } from './placeholders'

describe('placeholders bound by row', () => {
  it("gives each placeholder its row's value, and a null row binds nothing", () => {
    const message = placeholdersFor('message', { id: 'sample', text: 'sample' })
    const sender = placeholdersFor('sender', { agentId: 'sample' })
    const email = placeholdersFor('email', { recipient: 'sample' })
    const statement = [message.id, message.text, sender.agentId]

    const values = boundValues({
      message: { id: 'm1', text: 'Hello' },
      sender: { agentId: 'a1' },
      email: null,
    })

    expect(fillPlaceholders(statement, values)).toEqual(['m1', 'Hello', 'a1'])
    expect(() => fillPlaceholders([email.recipient], values)).toThrow(/email\.recipient/)
  })

  it('keeps two rows with the same column apart', () => {
    const first = placeholdersFor('first', { id: 'sample' })
    const second = placeholdersFor('second', { id: 'sample' })
    const values = boundValues({ first: { id: 1 }, second: { id: 2 } })
    expect(fillPlaceholders([first.id, second.id], values)).toEqual([1, 2])
  })
})
