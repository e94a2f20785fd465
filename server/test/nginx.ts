import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const nginxBinary = '/usr/sbin/nginx'
/** The site an operator copies (deploy/README.md). */
const siteFile = 'deploy/nginx/streamline.conf'

/** Replaces `from` in the site, which must hold it: a changed site file fails here, not later. */
function substitute(site: string, from: string, to: string): string {
  if (!site.includes(from)) throw new Error(`${siteFile} no longer holds "${from}"`)
  return site.replaceAll(from, to)
}

/**
 * deploy/'s site, listening on loopback at `port` in front of `upstreamPorts` (its 3001 and
 * 3002), in a minimal main configuration (the http block /etc/nginx/nginx.conf includes sites
 * in) with every path under `prefix`.
 */
function configuration(prefix: string, port: number, upstreamPorts: [number, number]): string {
  let site = readFileSync(siteFile, 'utf8')
  site = substitute(site, 'listen 80;', `listen 127.0.0.1:${port};`)
  site = substitute(site, 'listen [::]:80;', '')
  site = substitute(site, '127.0.0.1:3001', `127.0.0.1:${upstreamPorts[0]}`)
  site = substitute(site, '127.0.0.1:3002', `127.0.0.1:${upstreamPorts[1]}`)
  // A test's requests all come from one address, where a site's come from many.
  site = substitute(site, 'limit_conn streamline_per_address 256;', '')
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n  ')
  return `
# As root, the workers would run as nobody, who cannot enter the test's private folder.
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp}
  ${site}
}
`
}

export type Nginx = { url: string; output: () => string; stop: () => Promise<void> }

/**
 * Debian's nginx as a child process (not a daemon), listening on `port` with deploy/'s site in
 * front of two processes' ports.
 */
export async function startNginx(port: number, upstreamPorts: [number, number]): Promise<Nginx> {
  if (!existsSync(nginxBinary)) {
    throw new Error('nginx is required for the deploy tests: apt-get install nginx')
  }
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-'))
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(conf, configuration(prefix, port, upstreamPorts))
  const child = spawn(nginxBinary, ['-p', prefix, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    // TERM: nginx's fast stop (QUIT would wait for every live socket to end).
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(prefix, { recursive: true, force: true })
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`nginx exited: ${output}`)
    }
    const answered = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return { url, output: () => output, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`nginx did not answer: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
