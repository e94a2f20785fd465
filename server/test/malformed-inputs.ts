/**
 * Malformed values a careless or hostile client sends, for the fuzz test: each is a JSON value
 * text (so lone surrogates and NUL travel as JSON escapes, exactly as a client would send them).
 */
export const malformedJsonValues: string[] = [
  '"\\u0000"',
  '"name\\u0000with nul"',
  '"\\ud800"',
  '"half \\udfff pair"',
  '"bell\\u0007"',
  '"esc\\u001b[31m"',
  '"c1\\u0085"',
  `"${'x'.repeat(300_000)}"`,
  '""',
  '"   "',
  '"<script>alert(1)</script>"',
  `"${"'; drop table users; --"}"`,
  '"%00"',
  '"../../etc/passwd"',
  '"\\u202e\\u0000"',
  '0',
  '-1',
  '1e309',
  '-0',
  '123456789012345678901234567890',
  'true',
  'null',
  '[]',
  '[null, "\\u0000"]',
  '{}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  JSON.stringify({ nested: { deeper: 'x\u0000' } }),
]

/** Whole bodies that are not what any route takes. */
export const malformedBodies: string[] = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '42',
  '{"\\u0000key": 1}',
  '{"a": "\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))),
  '\u0000',
  '{"a":1}garbage',
]

/** Query-string and path values, already percent-encoded as they go on the wire. */
export const malformedUrlValues: string[] = [
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%0A%0D',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999',
  'x'.repeat(5000),
  '%2e%2e%2f%2e%2e%2f',
  '%3Cscript%3E',
  '00000000-0000-0000-0000-00000000000%00',
]

const filePart =
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n'

/** Multipart uploads a broken client sends, each with a word its 400 must name. */
export const malformedMultipartBodies: {
  what: string
  contentType: string
  body: string
  names: string
}[] = [
  {
    what: 'no boundary',
    contentType: 'multipart/form-data',
    body: `${filePart}a\r\n--x--\r\n`,
    names: 'boundary',
  },
  {
    what: 'cut off in the file',
    contentType: 'multipart/form-data; boundary=x',
    body: `${filePart}email,first`,
    names: 'closing boundary',
  },
  {
    what: 'cut off in the headers',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"',
    names: 'closing boundary',
  },
  {
    what: 'no part at all',
    contentType: 'multipart/form-data; boundary=x',
    body: 'just some text',
    names: 'closing boundary',
  },
  {
    what: 'a boundary other than declared',
    contentType: 'multipart/form-data; boundary=y',
    body: `${filePart}a\r\n--x--\r\n`,
    names: 'closing boundary',
  },
  {
    what: 'a part with no name',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: nonsense\r\n\r\nabc\r\n--x--\r\n',
    names: 'field named file',
  },
  {
    what: 'a field, not a file',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
    names: 'field named file',
  },
  {
    what: 'an empty body',
    contentType: 'multipart/form-data; boundary=x',
    body: '',
    names: 'field named file',
  },
]
