import { readFileSync } from 'node:fs'

/** CPU time (user + system, in ms) a process has used so far, read from /proc; null off Linux. */
export function processCpuMs(pid: number): number | null {
  try {
    // After the command's closing parenthesis, field 3 (state) comes first: utime and stime,
    // fields 14 and 15, are in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** The machine's 1-minute load average (null off Linux): other work skews wall-clock figures. */
export function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
  } catch {
    return null
  }
}
