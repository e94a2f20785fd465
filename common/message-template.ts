import {
  messageKinds,
  templateVariableSamples,
  type MessageKind,
  type TemplateText,
  type TemplateValues,
  type TemplateVariable,
} from './messages'

/**
 * The words of a message: text with `{name}` for a value, and `{if name}…{end}` around words
 * that only read right when that value is known ("…{if deviceName}, with the steps for
 * {deviceName}{end}."). Sections do not nest.
 */
type Piece =
  | { type: 'text'; text: string }
  | { type: 'value'; name: string }
  | { type: 'section'; name: string; pieces: Piece[] }

const namePattern = '[A-Za-z][A-Za-z0-9]*'
const tokenPattern = new RegExp(`\\{(?:if (${namePattern})|(end)|(${namePattern}))\\}`, 'g')
const exactToken = new RegExp(`^\\{(?:if ${namePattern}|end)\\}$`)
// `{if}`, `{ end }`, `{if deviceName }`: meant as a section, spelled so it would show as text.
const sectionLike = /\{\s*(?:if|end)\b[^}]*\}/g

type Parsed = { pieces: Piece[]; problems: string[] }

function parse(text: string): Parsed {
  const top: Piece[] = []
  const problems: string[] = []
  let section: Extract<Piece, { type: 'section' }> | null = null
  let at = 0
  const add = (piece: Piece) => (section ? section.pieces : top).push(piece)
  for (const match of text.matchAll(tokenPattern)) {
    if (match.index > at) add({ type: 'text', text: text.slice(at, match.index) })
    at = match.index + match[0].length
    const [, opens, closes, name] = match
    if (name) add({ type: 'value', name })
    else if (closes) {
      if (!section) problems.push('{end} has no {if …} before it')
      section = null
    } else if (opens) {
      if (section) problems.push(`Close {if ${section.name}} with {end} before {if ${opens}}`)
      section = { type: 'section', name: opens, pieces: [] }
      top.push(section)
    }
  }
  if (at < text.length) add({ type: 'text', text: text.slice(at) })
  if (section) problems.push(`{if ${section.name}} needs an {end}`)
  const misspelled = text.match(sectionLike)?.find((token) => !exactToken.test(token))
  if (misspelled) problems.push(`Write a section as {if name}…{end}, not ${misspelled}`)
  return { pieces: top, problems }
}

const isKnown = (name: string): name is TemplateVariable => name in templateVariableSamples

/**
 * Fills `{name}` with its value, keeps a `{if name}` section only when `name` has a value, and
 * leaves a `{name}` we do not know as it is written.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const valueOf = (name: string) => (isKnown(name) ? values[name]?.trim() : undefined)
  const render = (pieces: Piece[]): string =>
    pieces
      .map((piece) => {
        if (piece.type === 'text') return piece.text
        if (piece.type === 'value')
          return isKnown(piece.name) ? (valueOf(piece.name) ?? '') : `{${piece.name}}`
        return valueOf(piece.name) ? render(piece.pieces) : ''
      })
      .join('')
  return render(parse(text).pieces)
}

const listed = (names: Iterable<string>) => [...new Set(names)].map((n) => `{${n}}`).join(', ')

/**
 * What is wrong with one field of a kind's template, each problem a sentence an admin can act on:
 * a variable the kind does not offer, one that may be unknown outside its `{if}` section, one the
 * customer writes in a subject, a section left open.
 */
export function templateProblems(kind: MessageKind, field: keyof TemplateText, text: string) {
  const variables: readonly string[] = messageKinds[kind].variables
  const optional: readonly string[] = messageKinds[kind].optional
  const bodyOnly: readonly string[] = messageKinds[kind].bodyOnly
  const { pieces, problems } = parse(text)
  const used: string[] = []
  const unguarded: string[] = []
  for (const piece of pieces) {
    if (piece.type === 'value') {
      used.push(piece.name)
      unguarded.push(piece.name)
    } else if (piece.type === 'section') {
      used.push(piece.name)
      for (const inner of piece.pieces) {
        if (inner.type !== 'value') continue
        used.push(inner.name)
        if (inner.name !== piece.name) unguarded.push(inner.name)
      }
    }
  }
  const unknown = used.filter((name) => !variables.includes(name))
  const mayBeMissing = unguarded.filter((name) => optional.includes(name))
  const customers = field === 'subject' ? used.filter((name) => bodyOnly.includes(name)) : []
  return [
    ...(unknown.length ? [`Unknown variables: ${listed(unknown)}`] : []),
    ...(mayBeMissing.length
      ? [
          `Sometimes unknown, so only inside {if name}…{end}: ${[...new Set(mayBeMissing)]
            .map((name) => `{if ${name}}…{${name}}…{end}`)
            .join(', ')}`,
        ]
      : []),
    ...(customers.length
      ? [`Written by the customer, so only in the body: ${listed(customers)}`]
      : []),
    ...problems,
  ]
}
