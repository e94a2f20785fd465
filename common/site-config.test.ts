import { describe, expect, it } from 'vitest'
import { siteConfigTag } from './site-config'

describe('siteConfigTag', () => {
  it('embeds the config as a JSON data block that parses back to the same value', () => {
    const config = { brandName: 'Stream & Co', supportEmail: 'help@example.com' }
    const tag = siteConfigTag(config)
    expect(tag).toMatch(/^<script type="application\/json" id="site-config">/)
    const json = tag.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')
    expect(JSON.parse(json)).toEqual(config)
  })

  it('cannot be broken out of by a brand name containing markup', () => {
    const tag = siteConfigTag({
      brandName: '</script><script>alert(1)</script>',
      supportEmail: 'a@b.c',
    })
    expect(tag.match(/<\/script>/g)).toHaveLength(1)
    expect(tag).not.toContain('<script>alert')
  })
})
