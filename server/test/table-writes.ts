import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** One statement in the server's code that writes rows of a table. */
export interface TableWrite {
  /** Path from the server folder, with forward slashes: `modules/payments/checkout.service.ts`. */
  file: string
  line: number
  table: string
  kind: 'insert' | 'update' | 'delete'
  /**
   * The columns (drizzle's property names) a drizzle insert or update names in its `values`,
   * `set` or `onConflictDoUpdate`; null when the reading cannot tell (raw SQL, rows built
   * elsewhere, a spread of a call). A delete names none.
   */
  columns: string[] | null
}

/** A drizzle write whose table the reading could not name: the test fails on each. */
export interface UnnamedWrite {
  file: string
  line: number
  text: string
}

/** The drizzle tables of the schema folder: export name → SQL name, per schema file. */
export function schemaTables(schemaDir: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>()
  for (const name of readdirSync(schemaDir).filter((file) => file.endsWith('.ts'))) {
    const path = join(schemaDir, name)
    const source = parse(path, readFileSync(path, 'utf8'))
    const exported = new Map<string, string>()
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer
        if (
          ts.isIdentifier(declaration.name) &&
          init &&
          ts.isCallExpression(init) &&
          ts.isIdentifier(init.expression) &&
          init.expression.text === 'pgTable' &&
          init.arguments[0] &&
          ts.isStringLiteral(init.arguments[0])
        ) {
          exported.set(declaration.name.text, init.arguments[0].text)
        }
      }
    }
    tables.set(resolve(path).replace(/\.ts$/, ''), exported)
  }
  return tables
}

const parse = (path: string, text: string) =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)

// Statements of raw SQL that write, by the table they name (optionally quoted or in `public.`).
const table = String.raw`(?:"?public"?\.)?"?([a-z_][a-z0-9_]*|\$\{\w+\})"?`
const rawWrites: [TableWrite['kind'], RegExp][] = [
  ['insert', new RegExp(String.raw`\binsert\s+into\s+${table}`, 'gi')],
  ['update', new RegExp(String.raw`\bupdate\s+(?:only\s+)?${table}`, 'gi')],
  ['delete', new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${table}`, 'gi')],
]
// What follows a drizzle write's call: it tells `tx.delete(t).where(…)` from `map.delete(key)`.
const builderSteps = new Set([
  'values',
  'set',
  'where',
  'returning',
  'onConflictDoNothing',
  'onConflictDoUpdate',
  'select',
])
const drizzleWrites = new Set<string>(['insert', 'update', 'delete'])

/** A function that hands its parameter to a drizzle write: `insertMany(db, table, rows)`. */
interface GenericWriter {
  name: string
  parameter: number
  kind: TableWrite['kind']
}

/**
 * Every write of a known table in the given files: drizzle's `insert`, `update` and `delete`
 * (also through a function that passes its table parameter to one, such as `insertMany`), and
 * INSERT, UPDATE and DELETE in any string or template (`sql\`…\``, `sql.raw('…')`), with a table
 * interpolated as `${payments}` read by its name. A drizzle write of a table the reading cannot
 * name (a local alias, a table from elsewhere) comes back in `unnamed`.
 */
export function tableWrites(
  files: { path: string; text: string }[],
  schemaDir: string,
  serverDir: string,
): { writes: TableWrite[]; unnamed: UnnamedWrite[] } {
  const schema = schemaTables(schemaDir)
  const known = new Set([...schema.values()].flatMap((exported) => [...exported.values()]))
  const sources = files.map(({ path, text }) => parse(path, text))
  const writes: TableWrite[] = []
  const unnamed: UnnamedWrite[] = []
  const generic: GenericWriter[] = []

  const where = (source: ts.SourceFile, node: ts.Node) => ({
    file: relative(serverDir, source.fileName).split(sep).join('/'),
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
  })

  const tablesOf = (source: ts.SourceFile) => {
    const local = new Map<string, string>()
    const namespaces = new Map<string, Map<string, string>>()
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
        continue
      const target = resolve(dirname(source.fileName), statement.moduleSpecifier.text).replace(
        /\.(js|ts)$/,
        '',
      )
      const exported = schema.get(target)
      const bindings = statement.importClause?.namedBindings
      if (!exported || !bindings) continue
      if (ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, exported)
      else
        for (const element of bindings.elements) {
          const name = exported.get((element.propertyName ?? element.name).text)
          if (name) local.set(element.name.text, name)
        }
    }
    return (node: ts.Expression): string | undefined => {
      if (ts.isIdentifier(node)) return local.get(node.text)
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression))
        return namespaces.get(node.expression.text)?.get(node.name.text)
      return undefined
    }
  }

  const enclosingFunction = (node: ts.Node) => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isFunctionDeclaration(at) || ts.isArrowFunction(at) || ts.isFunctionExpression(at))
        return at
    }
    return undefined
  }
  const functionName = (fn: ts.SignatureDeclaration) => {
    if (ts.isFunctionDeclaration(fn)) return fn.name?.text
    const parent = fn.parent
    return parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)
      ? parent.name.text
      : undefined
  }

  const rawText = (node: ts.Node, tableOf: (node: ts.Expression) => string | undefined) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
    if (!ts.isTemplateExpression(node)) return undefined
    return (
      node.head.text +
      node.templateSpans
        .map((span) => {
          const name = tableOf(span.expression)
          // An identifier that names no table stays visible: it may be the function's parameter.
          const shown = ts.isIdentifier(span.expression) ? `\${${span.expression.text}}` : ' ? '
          return (name ? `"${name}"` : shown) + span.literal.text
        })
        .join('')
    )
  }

  /** The property names of an object literal, following spreads of local objects. */
  const propertiesOf = (source: ts.SourceFile, node: ts.Expression): string[] | null => {
    if (ts.isIdentifier(node)) {
      const declared = localObject(source, node.text)
      return declared ? propertiesOf(source, declared) : null
    }
    if (ts.isArrayLiteralExpression(node)) {
      const each = node.elements.map((element) => propertiesOf(source, element))
      return each.some((names) => names === null) ? null : [...new Set(each.flat() as string[])]
    }
    if (!ts.isObjectLiteralExpression(node)) return null
    const names: string[] = []
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = propertiesOf(source, property.expression)
        if (!spread) return null
        names.push(...spread)
      } else if (
        property.name &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      )
        names.push(property.name.text)
      else return null
    }
    return names
  }
  const localObject = (source: ts.SourceFile, name: string): ts.Expression | undefined => {
    let found: ts.Expression | undefined
    const visit = (node: ts.Node): void => {
      if (
        !found &&
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === name &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      )
        found = node.initializer
      else ts.forEachChild(node, visit)
    }
    visit(source)
    return found
  }
  /** The columns a drizzle write's chain names: `.values(…)`, `.set(…)`, `.onConflictDoUpdate`. */
  const columnsOf = (source: ts.SourceFile, call: ts.CallExpression, kind: TableWrite['kind']) => {
    if (kind === 'delete') return []
    const names: string[] = []
    let sawValues = false
    for (let at: ts.Node = call; ;) {
      const step = at.parent
      if (!step || !ts.isPropertyAccessExpression(step) || step.expression !== at) break
      const next = step.parent
      if (!next || !ts.isCallExpression(next) || next.expression !== step) break
      const argument = next.arguments[0]
      const stepName = step.name.text
      if (argument && (stepName === 'values' || stepName === 'set')) {
        sawValues = true
        const found = propertiesOf(source, argument)
        if (!found) return null
        names.push(...found)
      } else if (
        argument &&
        stepName === 'onConflictDoUpdate' &&
        ts.isObjectLiteralExpression(argument)
      ) {
        const set = argument.properties.find(
          (property) =>
            ts.isPropertyAssignment(property) && property.name.getText(source) === 'set',
        )
        const found =
          set && ts.isPropertyAssignment(set) ? propertiesOf(source, set.initializer) : []
        if (!found) return null
        names.push(...found)
      }
      at = next
    }
    return sawValues ? [...new Set(names)] : null
  }

  /** A write of `identifier`: a generic writer when it is the function's parameter. */
  const writesParameter = (
    source: ts.SourceFile,
    node: ts.Node,
    identifier: string,
    kind: TableWrite['kind'],
  ) => {
    const fn = enclosingFunction(node)
    const parameter =
      fn?.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === identifier) ?? -1
    const name = fn && functionName(fn)
    if (name && parameter >= 0) generic.push({ name, parameter, kind })
    else unnamed.push({ ...where(source, node), text: node.getText(source).slice(0, 120) })
  }

  // First pass: direct writes, raw SQL, and the functions that write a table they are given.
  const calls: {
    source: ts.SourceFile
    call: ts.CallExpression
    tableOf: ReturnType<typeof tablesOf>
  }[] = []
  for (const source of sources) {
    const tableOf = tablesOf(source)
    const visit = (node: ts.Node): void => {
      const text = rawText(node, tableOf)
      if (text !== undefined) {
        for (const [kind, pattern] of rawWrites) {
          for (const match of text.matchAll(pattern)) {
            const name = match[1]!
            if (known.has(name))
              writes.push({ ...where(source, node), table: name, kind, columns: null })
            else if (name.startsWith('${')) writesParameter(source, node, name.slice(2, -1), kind)
          }
        }
      }
      if (ts.isCallExpression(node)) {
        calls.push({ source, call: node, tableOf })
        const callee = node.expression
        if (
          ts.isPropertyAccessExpression(callee) &&
          drizzleWrites.has(callee.name.text) &&
          node.arguments.length === 1
        ) {
          const kind = callee.name.text as TableWrite['kind']
          const argument = node.arguments[0]!
          const name = tableOf(argument)
          const next = node.parent
          const chained =
            ts.isPropertyAccessExpression(next) &&
            next.expression === node &&
            builderSteps.has(next.name.text)
          if (name)
            writes.push({
              ...where(source, node),
              table: name,
              kind,
              columns: columnsOf(source, node, kind),
            })
          else if (chained && ts.isIdentifier(argument))
            writesParameter(source, node, argument.text, kind)
          else if (chained) unnamed.push({ ...where(source, node), text: node.getText(source) })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }

  // Second pass: a call of a generic writer with a table writes that table.
  for (const { source, call, tableOf } of calls) {
    const callee = call.expression
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : undefined
    for (const writer of generic.filter((candidate) => candidate.name === name)) {
      const argument = call.arguments[writer.parameter]
      const table = argument && tableOf(argument)
      if (table) writes.push({ ...where(source, call), table, kind: writer.kind, columns: null })
      else if (argument) unnamed.push({ ...where(source, call), text: call.getText(source) })
    }
  }
  return { writes, unnamed }
}

/** The server's code that runs in production: every `.ts` file but tests and test helpers. */
export function serverSources(serverDir: string): { path: string; text: string }[] {
  return readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name))
    .filter((name) => !name.split(sep).includes('test') && !name.startsWith(`db${sep}schema`))
    .map((name) => ({
      path: join(serverDir, name),
      text: readFileSync(join(serverDir, name), 'utf8'),
    }))
}

/** The module a server file belongs to: its folder of `modules/`, else its top-level folder. */
export function moduleOf(file: string): string {
  const parts = file.split('/')
  return parts[0] === 'modules' ? parts[1]! : parts.length > 1 ? parts[0]! : file
}

type Owners = {
  tables: Record<string, string>
  columns: Record<string, Record<string, readonly string[]>>
  bookkeeping: readonly string[]
  anyTable: readonly string[]
}

/** Each write made by a module that does not own what it writes, said as a sentence. */
export function ownershipProblems(writes: TableWrite[], owners: Owners): string[] {
  const problems: string[] = []
  for (const write of writes) {
    if (owners.anyTable.includes(write.file)) continue
    const writer = moduleOf(write.file)
    const at = `${write.file}:${write.line} (${write.kind} ${write.table})`
    const owner = owners.tables[write.table]
    if (!owner) {
      problems.push(`${at}: ${write.table} has no owner in server/db/owners.ts`)
      continue
    }
    const groups = owners.columns[write.table] ?? {}
    const others = Object.entries(groups).filter(([module]) => module !== writer)
    const named = (write.columns ?? []).filter((column) => !owners.bookkeeping.includes(column))
    const taken = others.flatMap(([module, columns]) =>
      named.filter((column) => columns.includes(column)).map((column) => `${column} (${module}'s)`),
    )
    const own = groups[writer]
    if (writer === owner) {
      if (taken.length && write.kind === 'update')
        problems.push(`${at}: writes ${taken.join(', ')}`)
    } else if (own) {
      if (write.kind !== 'update' || write.columns === null)
        problems.push(`${at}: ${writer} may only update its columns, named where it writes them`)
      else {
        const outside = named.filter((column) => !own.includes(column))
        if (outside.length) problems.push(`${at}: writes ${outside.join(', ')} (${owner}'s)`)
      }
    } else problems.push(`${at}: ${write.table} belongs to ${owner}`)
  }
  return problems
}
