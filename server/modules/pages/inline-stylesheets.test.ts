import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { inlineStylesheets } from './inline-stylesheets'

describe('inlineStylesheets', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'inline-stylesheets-'))
  mkdirSync(join(webDir, 'assets'))
  writeFileSync(join(webDir, 'assets/index-abc.css'), 'body{color:red}a::after{content:"</style>"}')
  afterAll(() => rmSync(webDir, { recursive: true, force: true }))

  it("puts the build's stylesheet in the page, where no closing tag inside can end it early", () => {
    const shell =
      '<head><link rel="icon" href="/favicon.svg" />' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>'
    expect(inlineStylesheets(shell, webDir)).toBe(
      '<head><link rel="icon" href="/favicon.svg" />' +
        '<style>body{color:red}a::after{content:"<\\/style>"}</style></head>',
    )
  })
})
