import { describe, expect, it } from 'vitest'
import {
  bouquetIdsOf,
  clientInstructions,
  createM3uLineInput,
  createM3uLineInputFor,
  m3uPlaylistUrl,
  parseM3uUrls,
} from './m3u'

describe('parseM3uUrls', () => {
  it('asks for at least one URL', () => {
    expect(parseM3uUrls(' \n \n')).toEqual({
      lines: [],
      errors: ['Please enter at least one M3U URL'],
    })
  })

  it('reads get.php, player_api.php and scheme-less URLs, and names each bad one', () => {
    const result = parseM3uUrls(
      [
        'http://tv.example.com:8080/get.php?username=alice&password=s3cret&type=m3u_plus',
        '  https://tv.example.com/player_api.php?username=bob&password=pw  ',
        'tv.example.com/get.php?username=carol&password=pw2',
        'not a url at all',
        'http://tv.example.com/get.php?username=dave',
      ].join('\n'),
    )
    expect(result.lines).toEqual([
      expect.objectContaining({
        host: 'http://tv.example.com:8080',
        username: 'alice',
        password: 's3cret',
      }),
      expect.objectContaining({ host: 'https://tv.example.com', username: 'bob', password: 'pw' }),
      expect.objectContaining({
        host: 'http://tv.example.com',
        username: 'carol',
        password: 'pw2',
      }),
    ])
    expect(result.errors).toEqual([
      'Invalid M3U URL format: not a url at all',
      'Could not extract username or password from URL: http://tv.example.com/get.php?username=dave',
    ])
  })
})

describe('client instructions', () => {
  it('give the playlist, the Xtream login and the rules of use', () => {
    const text = clientInstructions(
      { url: '', host: 'http://tv.example.com', username: 'alice', password: 'pw' },
      { brandName: 'StreamLine', customerName: 'Alice', screens: 1 },
    )
    expect(text).toContain(m3uPlaylistUrl('http://tv.example.com', 'alice', 'pw'))
    expect(text).toContain('Username: alice')
    expect(text).toContain('One device per login')
    expect(text).toContain('at least 10 Mbps')
  })

  it("say the customer's own number of screens, and none when it is unknown", () => {
    const line = { url: '', host: 'http://tv.example.com', username: 'bob', password: 'pw' }
    const family = clientInstructions(line, { brandName: 'StreamLine', screens: 2 })
    expect(family).toContain('Up to 2 devices at a time per login')
    expect(family).not.toContain('One device per login')
    const unknown = clientInstructions(line, { brandName: 'StreamLine', screens: null })
    expect(unknown).not.toMatch(/device per login|devices at a time/)
  })
})

describe('createM3uLineInput', () => {
  it("uses the spec's messages", () => {
    const issues = createM3uLineInput.safeParse({ subscriptionType: 2, packageId: ' ', apiKey: '' })
      .error?.issues
    expect(issues?.map((i) => i.message)).toEqual([
      'Subscription type is required',
      'Package ID is required',
      'API key is required',
    ])
  })

  it('accepts the demo type and a numeric string', () => {
    expect(
      createM3uLineInput.parse({ subscriptionType: '99', packageId: '7', apiKey: 'k' })
        .subscriptionType,
    ).toBe(99)
  })

  it('takes one or more bouquet ids as the package ID', () => {
    const parse = (packageId: string) =>
      createM3uLineInput.safeParse({ subscriptionType: 1, packageId, apiKey: 'k' })
    expect(parse(' 12 , 15 ').data?.packageId).toBe('12,15')
    expect(parse('pkg-1').error?.issues.map((i) => i.message)).toEqual([
      'Package ID must be bouquet numbers separated by commas',
    ])
    expect(bouquetIdsOf('12,15')).toEqual(['12', '15'])
  })

  it('lets the API key be left empty when the server holds one', () => {
    const withServerKey = createM3uLineInputFor({ hasServerKey: true })
    for (const apiKey of [undefined, '', '  ']) {
      const parsed = withServerKey.safeParse({ subscriptionType: 1, packageId: '7', apiKey })
      expect(parsed.data?.apiKey).toBeUndefined()
    }
    expect(
      withServerKey.parse({ subscriptionType: 1, packageId: '7', apiKey: ' typed ' }).apiKey,
    ).toBe('typed')
    const withoutServerKey = createM3uLineInput.safeParse({ subscriptionType: 1, packageId: '7' })
    expect(withoutServerKey.error?.issues).toEqual([
      expect.objectContaining({ path: ['apiKey'], message: 'API key is required' }),
    ])
  })
})
