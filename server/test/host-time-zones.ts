/** Host time zones far apart: UTC, eight hours behind it, fourteen ahead. */
export const hostTimeZones = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']

/**
 * What `compute` answers with the host in each of `hostTimeZones` (Node applies a change of
 * `process.env.TZ` at once). Synchronous, so no other test runs while the zone is changed.
 */
export function underEachHostTimeZone<T>(compute: () => T): T[] {
  const previous = process.env.TZ
  try {
    return hostTimeZones.map((zone) => {
      process.env.TZ = zone
      return compute()
    })
  } finally {
    if (previous === undefined) delete process.env.TZ
    else process.env.TZ = previous
  }
}
