/**
 * Setup steps for one kind of device, sent in the login e-mail for the device a customer named and
 * shown to anyone at /devices/{slug}. The steps speak of "the M3U URL above": the e-mail's.
 */
export type DeviceGuide = {
  /** Its address under /devices. */
  slug: string
  /** The page's heading ("Phones and tablets"). */
  title: string
  /** Said in the e-mail's sentence ("Set up your phone"). */
  deviceName: string
  steps: string[]
}

const guides: { pattern: RegExp; guide: DeviceGuide }[] = [
  {
    pattern: /smarters/i,
    guide: {
      slug: 'iptv-smarters',
      title: 'IPTV Smarters',
      deviceName: 'IPTV Smarters',
      steps: [
        'Install IPTV Smarters Pro from your device’s app store and open it.',
        'Choose “Add user”, then “Login with Xtream Codes API”.',
        'Enter any name, then the server URL, username and password above (or choose “Load your playlist or file/URL” and paste the M3U URL).',
        'Press “Add user” and wait for the channels to load.',
      ],
    },
  },
  {
    pattern: /tivi ?mate/i,
    guide: {
      slug: 'tivimate',
      title: 'TiviMate',
      deviceName: 'TiviMate',
      steps: [
        'Install TiviMate from the Google Play Store on your Android TV or Fire TV and open it.',
        'Choose “Add playlist”, then “Xtream Codes”.',
        'Type the server URL, username and password above and press Next (or choose “M3U playlist” and type the M3U URL).',
        'Name the playlist and press Done: the channels and guide load by themselves.',
      ],
    },
  },
  {
    pattern: /vlc/i,
    guide: {
      slug: 'vlc',
      title: 'VLC on a computer',
      deviceName: 'VLC',
      steps: [
        'Install VLC media player from videolan.org and open it.',
        'Choose Media → Open Network Stream (on a Mac: File → Open Network).',
        'Paste the M3U URL above and press Play.',
        'Open the playlist view (Ctrl+L) to pick a channel.',
      ],
    },
  },
  {
    pattern: /phone|mobile|android|iphone|ios|tablet|ipad/i,
    guide: {
      slug: 'phone',
      title: 'Phones and tablets',
      deviceName: 'your phone',
      steps: [
        'Install IPTV Smarters Pro (App Store or Google Play) and open it.',
        'Choose “Login with Xtream Codes API”.',
        'Copy the server URL, username and password above into the app (each has its own field).',
        'Press “Add user”: your channels are ready.',
      ],
    },
  },
  {
    pattern: /smart ?tv|samsung|lg|tizen|webos|television|\btv\b/i,
    guide: {
      slug: 'smart-tv',
      title: 'Smart TVs',
      deviceName: 'your Smart TV',
      steps: [
        'On your TV, open the app store and install IPTV Smarters (or “Smart IPTV”).',
        'Open the app and choose to add a playlist by M3U URL.',
        'Type the M3U URL above with the remote, or scan the QR code with your phone to send it.',
        'Save, and the channel list appears after a short load.',
      ],
    },
  },
]

const anyDevice: DeviceGuide = {
  slug: 'other-devices',
  title: 'Other devices',
  deviceName: 'your device',
  steps: [
    'Install an IPTV player: IPTV Smarters (phones, tablets, Smart TVs), TiviMate (Android TV, Fire TV) or VLC (computers).',
    'Add a playlist by M3U URL and paste the M3U URL above.',
    'If the app asks for an “Xtream Codes” login instead, use the server URL, username and password above.',
    'Save: the channels load in a few seconds.',
  ],
}

/** Every guide, the catch-all last, in the order /devices and the customer's device picker show. */
export const deviceGuides: readonly DeviceGuide[] = [...guides.map(({ guide }) => guide), anyDevice]

/** The guide at /devices/{slug}, or undefined. */
export const deviceGuideBySlug = (slug: string) => deviceGuides.find((guide) => guide.slug === slug)

/** The guide for the device named on the trial request (free text, “Unknown” by default). */
export function deviceGuideFor(device: string | null | undefined): DeviceGuide {
  return guides.find(({ pattern }) => pattern.test(device ?? ''))?.guide ?? anyDevice
}
