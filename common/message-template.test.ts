import { describe, expect, it } from 'vitest'
import { fillTemplate, templateProblems } from './message-template'

describe('template words', () => {
  it('keeps an {if} section only when its value is known', () => {
    const text = 'Your M3U URL{if deviceName}, with the steps for {deviceName}{end}.'
    expect(fillTemplate(text, { deviceName: 'VLC' })).toBe('Your M3U URL, with the steps for VLC.')
    expect(fillTemplate(text, {})).toBe('Your M3U URL.')
    // Blank is as good as absent: no "for  ." from a value of spaces.
    expect(fillTemplate(text, { deviceName: '  ' })).toBe('Your M3U URL.')
  })

  it('leaves words it does not know as written', () => {
    expect(fillTemplate('{coupon} for {firstName}', { firstName: 'Ada' })).toBe('{coupon} for Ada')
  })

  it('names each problem an admin can make, field by field', () => {
    expect(templateProblems('line_login', 'body', 'steps for {deviceName}')).toEqual([
      'Sometimes unknown, so only inside {if name}…{end}: {if deviceName}…{deviceName}…{end}',
    ])
    expect(templateProblems('line_login', 'body', '{if deviceName}for {planName}{end}')).toEqual([
      'Sometimes unknown, so only inside {if name}…{end}: {if planName}…{planName}…{end}',
    ])
    expect(templateProblems('line_login', 'body', '{if deviceName}for {deviceName}')).toEqual([
      '{if deviceName} needs an {end}',
    ])
    expect(templateProblems('line_login', 'body', 'Hi{end}')).toEqual([
      '{end} has no {if …} before it',
    ])
    expect(
      templateProblems('line_login', 'body', '{if firstName}{if deviceName}x{end}{end}'),
    ).toContain('Close {if firstName} with {end} before {if deviceName}')
    expect(templateProblems('line_login', 'body', '{if }x{ end}')).toEqual([
      'Write a section as {if name}…{end}, not {if }',
    ])
    expect(templateProblems('line_login', 'body', '{if coupon}x{end}')).toEqual([
      'Unknown variables: {coupon}',
    ])
    expect(templateProblems('ticket_created', 'subject', 'Got it: {ticketSubject}')).toEqual([
      'Written by the customer, so only in the body: {ticketSubject}',
    ])
    expect(templateProblems('ticket_created', 'body', 'Got it: {ticketSubject}')).toEqual([])
    expect(templateProblems('support_reply', 'subject', 'Re: {ticketSubject}')).toEqual([])
  })
})
