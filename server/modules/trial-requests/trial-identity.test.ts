import unhomoglyph from 'unhomoglyph'
import { describe, expect, it } from 'vitest'
import { normalizeTelegram, normalizeWhatsapp, personKeys } from './trial-identity'

describe('normalizeTelegram', () => {
  it.each([
    ['@Ada_Lovelace', 'ada_lovelace'],
    ['ada_lovelace', 'ada_lovelace'],
    ['https://t.me/Ada_Lovelace', 'ada_lovelace'],
    ['t.me/ada_lovelace/', 'ada_lovelace'],
    ['telegram.me/@ada_lovelace?start=1', 'ada_lovelace'],
    ['@аda_lovelace', 'ada_lovelace'],
    ['@ԁаvіd_ѕmіth', 'david_smith'],
    ['＠Ａｄａ＿Ｌｏｖｅｌａｃｅ', 'ada_lovelace'],
    ['@ada\u200d_lovelace', 'ada_lovelace'],
    ['@adá_lovelace', 'ada_lovelace'],
    ['@İda_lovelace', 'ida_lovelace'],
  ])('%s is %s', (handle, key) => {
    expect(normalizeTelegram(handle)).toBe(key)
  })

  // Telegram ignores case, so a capital reads as the lower case of the Latin capital it resembles.
  it.each([
    ['@Іvan_petrov', 'ivan_petrov'],
    ['@Ιvan_petrov', 'ivan_petrov'],
    ['@Ӏvan_petrov', 'ivan_petrov'],
    ['@ꓲvan_petrov', 'ivan_petrov'],
    ['@ΊVAN_PETROV', 'ivan_petrov'],
    ['@АВЕКМНОРСТХ_Ν', 'abekmhopctx_n'],
    ['@ΑΒΕΖΗΚΜΟΡΤΥΧ', 'abezhkmoptyx'],
    ['@ЫOB_kid', 'biob_kid'],
    ['@Ϲarl_Ϲox', 'carl_cox'],
  ])('%s, in capitals from other scripts, is %s', (handle, key) => {
    expect(normalizeTelegram(handle)).toBe(key)
  })

  it('reads every capital the confusables list likens to a Latin capital as that capital', () => {
    const latinCapitals = new Map(
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((capital) => [unhomoglyph(capital), capital]),
    )
    const mismatches: string[] = []
    for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint++) {
      const char = String.fromCodePoint(codePoint)
      const latin = /\p{Lu}/u.test(char) && latinCapitals.get(unhomoglyph(char))
      if (!latin) continue
      const key = normalizeTelegram(`@ab${char}cd`)
      if (key !== normalizeTelegram(`@ab${latin}cd`)) mismatches.push(`${char} ${key}`)
    }
    expect(mismatches).toEqual([])
  })

  it('folds only letters from outside ASCII: Telegram tells `1` from `l` and `rn` from `m`', () => {
    expect(normalizeTelegram('@paul_1990')).toBe('paul_1990')
    expect(normalizeTelegram('@paul_l990')).toBe('paul_l990')
    expect(normalizeTelegram('@vernon_k')).toBe('vernon_k')
  })

  it.each([null, '', '+44 7700 900123', '@1ada', 'a', '@日本語の名前'])(
    '%j has no username',
    (handle) => {
      expect(normalizeTelegram(handle)).toBeNull()
    },
  )
})

describe('normalizeWhatsapp', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700-900-123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['+44(0)7700.900.123', '+447700900123'],
    ['(+1) 555 010 0123', '+15550100123'],
    ['+1 (555) 010-0123', '+15550100123'],
    ['https://wa.me/447700900123', '+447700900123'],
    ['https://api.whatsapp.com/send?phone=15550100123', '+15550100123'],
    ['＋４４ ７７００ ９００１２３', '+447700900123'],
    ['+٤٤ ٧٧٠٠ ٩٠٠١٢٣', '+447700900123'],
    ['٠٠٤٤٧٧٠٠٩٠٠١٢٣', '+447700900123'],
    ['+۴۴ ۷۷۰۰ ۹۰۰۱۲۳', '+447700900123'],
    ['+४४ ७७०० ९००१२३', '+447700900123'],
    ['+৪৪ ৭৭০০ ৯০০১২৩', '+447700900123'],
    ['+𝟒𝟒 𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑', '+447700900123'],
  ])('%s is %s', (number, key) => {
    expect(normalizeWhatsapp(number)).toBe(key)
  })

  it.each([
    null,
    '',
    '07700 900123',
    '٠٧٧٠٠ ٩٠٠١٢٣',
    '7700900123',
    '+0 7700 900123',
    '+1 23',
    '+44 123',
    'call me',
  ])('%j cannot be written in E.164 without guessing a country', (number) => {
    expect(normalizeWhatsapp(number)).toBeNull()
  })
})

describe('personKeys', () => {
  it('derives every key, null where a contact is missing', () => {
    expect(personKeys({ email: 'Ada.L+tv@googlemail.com', telegram: '@Ada_L' })).toEqual({
      email: 'adal@gmail.com',
      telegram: 'ada_l',
      whatsapp: null,
    })
  })
})
