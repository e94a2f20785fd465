import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components'
import type { DeviceGuide } from '../../../common/device-guides'

export type EmailContent = {
  brandName: string
  subject: string
  /** The filled template body: paragraphs split by blank lines, line breaks kept. */
  body: string
  login?: { serverUrl: string; username: string; password: string; m3uUrl: string; qrSrc: string }
  guide?: DeviceGuide
  action?: { label: string; url: string }
  /** The person's deep link to our bot: their messages on Telegram too, once they press Start. */
  telegramLink?: string
  /** Where the person stops reminders (every e-mail but a receipt links it). */
  unsubscribeUrl?: string
  /** A one-time link that signs the customer in to their own page. */
  accountLink?: string
}

// The brand's violet, lighter on dark backgrounds (web/styles.css --primary in both themes).
const colors = { brand: '#6d28d9', brandDark: '#a78bfa', text: '#1f1d2b', muted: '#5b5870' }

// Clients that honour prefers-color-scheme (Apple Mail, Outlook.com…) switch; the rest keep the
// light palette, readable either way because every colour pair has enough contrast. The page
// itself (html, body and the outer table) turns dark too, or a light page framed the dark card.
// The QR code is for a reader on a computer to scan with a phone: a phone hides it.
const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  html, body, .email-body, .email-page { background-color: #121019 !important; }
  .email-card { background-color: #1c1a26 !important; border-color: #2e2b3d !important; }
  .email-text, .email-heading { color: #ecebf3 !important; }
  .email-muted { color: #b4b1c7 !important; }
  .email-brand { color: ${colors.brandDark} !important; }
  .email-box { background-color: #24212f !important; }
  .email-button { background-color: ${colors.brandDark} !important; color: #16121f !important; }
}
@media (max-width: 600px) {
  .email-card { padding: 20px !important; }
  .email-qr { display: none !important; max-height: 0 !important; overflow: hidden !important; }
}
`

const text = { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
const muted = { ...text, color: colors.muted, fontSize: '14px', lineHeight: '20px' }
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }

function LoginBox({ login }: { login: NonNullable<EmailContent['login']> }) {
  const rows: [string, string][] = [
    ['Server URL', login.serverUrl],
    ['Username', login.username],
    ['Password', login.password],
  ]
  return (
    <Section
      className="email-box"
      style={{ backgroundColor: '#f4f2fb', borderRadius: '8px', padding: '16px', margin: '8px 0' }}
    >
      {rows.map(([label, value]) => (
        <Text key={label} className="email-text" style={{ ...text, margin: '0 0 8px' }}>
          {`${label}: `}
          <strong style={mono}>{value}</strong>
        </Text>
      ))}
      <Text className="email-muted" style={{ ...muted, margin: '0 0 12px' }}>
        For apps with an “Xtream Codes” login (IPTV Smarters, TiviMate…). Other apps take the M3U
        URL.
      </Text>
      <Text className="email-text" style={{ ...text, margin: '0 0 4px' }}>
        M3U URL:
      </Text>
      <Text
        className="email-text"
        style={{ ...text, ...mono, fontSize: '13px', wordBreak: 'break-all' }}
      >
        <Link href={login.m3uUrl} className="email-brand" style={{ color: colors.brand }}>
          {login.m3uUrl}
        </Link>
      </Text>
      <Section className="email-qr">
        <Text className="email-muted" style={{ ...muted, margin: '0 0 8px' }}>
          Reading this on a computer? Scan the code with your phone’s camera to open the M3U URL
          there.
        </Text>
        <Img
          src={login.qrSrc}
          width="160"
          height="160"
          alt="QR code of your M3U URL"
          style={{ backgroundColor: '#ffffff', padding: '8px', borderRadius: '4px' }}
        />
      </Section>
    </Section>
  )
}

function Guide({ guide }: { guide: DeviceGuide }) {
  return (
    <Section style={{ margin: '16px 0 0' }}>
      <Heading as="h2" className="email-heading" style={{ ...text, fontSize: '18px' }}>
        {`Set up on ${guide.deviceName}`}
      </Heading>
      <ol style={{ paddingLeft: '20px', margin: '0 0 16px' }}>
        {guide.steps.map((step) => (
          <li key={step} className="email-text" style={{ ...text, margin: '0 0 8px' }}>
            {step}
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** One e-mail of ours: brand header, the template's text, then the kind's blocks. */
export function MessageEmail({
  brandName,
  subject,
  body,
  login,
  guide,
  action,
  telegramLink,
  unsubscribeUrl,
  accountLink,
}: EmailContent) {
  const paragraphs = body.split(/\n\s*\n/).filter((paragraph) => paragraph.trim())
  return (
    <Html lang="en" className="email-page" style={{ backgroundColor: '#f6f5fa' }}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{subject}</title>
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{paragraphs[0]?.slice(0, 140) ?? subject}</Preview>
      <Body
        className="email-body"
        style={{
          backgroundColor: '#f6f5fa',
          fontFamily:
            '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container className="email-page" style={{ maxWidth: '560px', width: '100%' }}>
          <Text
            className="email-brand"
            style={{
              ...text,
              color: colors.brand,
              fontSize: '20px',
              fontWeight: 700,
              padding: '0 16px',
            }}
          >
            {brandName}
          </Text>
          <Section
            className="email-card"
            style={{
              backgroundColor: '#ffffff',
              border: '1px solid #e7e4f0',
              borderRadius: '12px',
              padding: '32px',
            }}
          >
            {paragraphs.map((paragraph, index) => (
              <Text key={index} className="email-text" style={{ ...text, whiteSpace: 'pre-line' }}>
                {paragraph.trim()}
              </Text>
            ))}
            {login && <LoginBox login={login} />}
            {guide && <Guide guide={guide} />}
            {action && (
              <Button
                href={action.url}
                className="email-button"
                style={{
                  backgroundColor: colors.brand,
                  borderRadius: '8px',
                  color: '#ffffff',
                  fontSize: '16px',
                  fontWeight: 600,
                  padding: '12px 20px',
                  margin: '8px 0 0',
                }}
              >
                {action.label}
              </Button>
            )}
          </Section>
          <Hr style={{ borderColor: 'transparent', margin: '8px 0' }} />
          {accountLink && (
            <Text className="email-muted" style={{ ...muted, padding: '0 16px' }}>
              <Link href={accountLink} className="email-brand" style={{ color: colors.brand }}>
                Manage your subscription
              </Link>
              {
                ': your login, end date, renewals and receipts. The link signs you in once, for 7 days.'
              }
            </Text>
          )}
          {telegramLink && (
            <Text className="email-muted" style={{ ...muted, padding: '0 16px' }}>
              <Link href={telegramLink} className="email-brand" style={{ color: colors.brand }}>
                Get messages on Telegram
              </Link>
              {': your logins and reminders in a chat with our bot, once you press Start.'}
            </Text>
          )}
          <Text className="email-muted" style={{ ...muted, padding: '0 16px' }}>
            You receive this e-mail because of your {brandName} account or support request.
            {unsubscribeUrl && (
              <>
                {' '}
                <Link href={unsubscribeUrl} className="email-brand" style={{ color: colors.brand }}>
                  Unsubscribe from reminders
                </Link>
                .
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
