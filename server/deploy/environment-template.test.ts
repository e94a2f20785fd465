import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { environmentVariables, loadConfig } from '../config'

const template = readFileSync('deploy/streamline.env.example', 'utf8')
const assignments = [...template.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
  ([, name, value]) => [name!, value!] as const,
)

describe("deploy/'s environment file", () => {
  it('lists every variable the server reads, once, and nothing else', () => {
    const names = assignments.map(([name]) => name)
    expect([...names].sort()).toEqual([...environmentVariables].sort())
  })

  it('is a configuration the server accepts once the port and a first admin are filled in', () => {
    const env = Object.fromEntries(assignments)
    expect(() => loadConfig({ ...env, PORT: '3001', BACKUP_DIR: '' })).not.toThrow()
  })
})
