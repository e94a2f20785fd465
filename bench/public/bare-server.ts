/**
 * The baseline: a bare node:http server sending answers captured from ours, byte for byte,
 * headers included. Usage: bare-server.ts <answers.json> <port>
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

export type CapturedAnswer = {
  path: string
  status: number
  headers: Record<string, string>
  /** base64 */
  body: string
}

const [file, port] = process.argv.slice(2)
const captured = JSON.parse(readFileSync(file!, 'utf8')) as CapturedAnswer[]
const answers = new Map(
  captured.map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body, 'base64') }]),
)

createServer((request, response) => {
  const answer = answers.get(request.url ?? '')
  if (!answer) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(answer.status, answer.headers)
  response.end(answer.body)
}).listen(Number(port), '127.0.0.1', () => console.log('listening'))
