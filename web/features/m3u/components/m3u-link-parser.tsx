import { ListChecks } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { parseM3uUrls, type M3uParseResult } from '@common/m3u'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ParsedLinesTable } from './parsed-lines-table'

type M3uLinkParserProps = {
  result: M3uParseResult | null
  onResult: (result: M3uParseResult) => void
}

/** Many M3U URLs in, their host, username and password out; bad lines get the spec's message. */
export function M3uLinkParser({ result, onResult }: M3uLinkParserProps) {
  const [text, setText] = useState('')

  const handleParse = (event: FormEvent) => {
    event.preventDefault()
    onResult(parseM3uUrls(text))
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={handleParse} aria-label="M3U link parser" className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="m3u-urls">M3U URLs, one per line</Label>
          <Textarea
            id="m3u-urls"
            rows={5}
            spellCheck={false}
            autoCapitalize="none"
            placeholder="http://panel.example.com:8080/get.php?username=jane&password=secret&type=m3u_plus"
            className="font-mono text-xs md:text-xs"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            get.php and player_api.php links work, with or without http://.
          </p>
        </div>
        <Button type="submit" className="w-fit">
          <ListChecks aria-hidden />
          Parse
        </Button>
      </form>
      {result && result.errors.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <ul className="grid gap-1">
            {result.errors.map((message, index) => (
              <li key={index} className="break-all">
                {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && result.lines.length > 0 && <ParsedLinesTable lines={result.lines} />}
    </div>
  )
}
