import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { startProcessesOnPostgres } from '../../test/processes-on-postgres'
import { startServerOnTempData, type ServerProcess } from '../../test/server-process'
import { owner, type DatabaseKind } from '../../test/test-server'

const header = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'
// Just under the 32 MB the import takes.
const fileBytes = 32 * 1024 * 1024 - 64 * 1024
const megabyte = 1024 * 1024

/** A file of `bytes` rows that all read badly (an amount in words), about 120 bytes each. */
function badRows(bytes: number): Buffer {
  const lines = [header]
  let size = header.length
  for (let n = 0; size < bytes - 200; n += 1) {
    const line = `someone${n}@example.com,Some,One,Monthly,1,ten euros,EUR,2024-03-01,cash,Till receipt number ${n} of the old shop`
    lines.push(line)
    size += line.length + 1
  }
  return Buffer.from(lines.join('\n'))
}

/** The process's resident memory now, from the kernel. */
function residentBytes(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

async function startServer(kind: DatabaseKind) {
  if (kind === 'pglite') {
    const server = await startServerOnTempData({
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
    })
    return { process: server as ServerProcess, url: server.url, stop: server.stop }
  }
  const { servers, stop } = await startProcessesOnPostgres(1)
  return { process: servers[0]!.process, url: servers[0]!.url, stop }
}

describe.each(['pglite', 'postgres'] as const)('32 MB of bad rows on %s', (kind) => {
  it('keeps the process small and its health check answering while the file is checked', async () => {
    const server = await startServer(kind)
    try {
      const admin = createClient(server.url)
      await admin.login(owner.username, owner.password)
      const upload = async (file: Buffer) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'history.csv')
        const response = await fetch(new URL('/api/imports/payments?dryRun=true', server.url), {
          method: 'POST',
          headers: { origin: server.url, cookie: admin.cookie! },
          body: form,
        })
        return { status: response.status, body: await response.json() }
      }
      // A small file first: what any upload loads once is not the big one's growth.
      expect((await upload(badRows(200_000))).status).toBe(200)
      const file = badRows(fileBytes)
      const before = residentBytes(server.process)

      let peak = before
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentBytes(server.process))
      }, 20)
      const started = performance.now()
      let isChecking = true
      const answer = upload(file).finally(() => (isChecking = false))
      const healthTimes: number[] = []
      while (isChecking) {
        const askedAt = performance.now()
        const health = await fetch(new URL('/api/health', server.url))
        await health.arrayBuffer()
        expect(health.status).toBe(200)
        healthTimes.push(performance.now() - askedAt)
      }
      const { status, body } = await answer
      clearInterval(sampler)
      const seconds = (performance.now() - started) / 1000
      console.log(
        `${kind}: ${(file.length / megabyte).toFixed(1)} MB, ${body.problemCount} problems in ${seconds.toFixed(1)} s; ` +
          `RSS +${((peak - before) / megabyte).toFixed(0)} MB; ${healthTimes.length} health checks, slowest ${Math.max(...healthTimes).toFixed(0)} ms`,
      )
      expect(status).toBe(200)
      expect(body.problems).toHaveLength(1000)
      expect(body.problemCount).toBe(file.toString().split('\n').length - 1)
      expect(healthTimes.length).toBeGreaterThan(10)
      expect(Math.max(...healthTimes)).toBeLessThan(200)
      expect(peak - before).toBeLessThan(100 * megabyte)
    } finally {
      await server.stop()
    }
  }, 120_000)
})
