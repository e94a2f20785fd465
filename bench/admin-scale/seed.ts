import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/**
 * One million trial requests in one statement: a third converted (Starter, Family Plus or
 * Household Pro) with start dates spread over 24 months, the rest trials or expired. Each has
 * its comparison keys, network and trust assessment, as the app stores them.
 */
export async function seedTrialRequests(db: Db, total: number): Promise<void> {
  await db.execute(sql`
    insert into trial_requests (
      first_name, last_name, name, email, plan, telegram, whatsapp, subscription_id, created_at,
      subscription_status, paid_plan, subscription_price, subscription_start_date, subscription_end_date,
      email_key, telegram_key, whatsapp_key, network, trust_score, trust_reasons, is_trust_flagged
    )
    select
      'First' || g, 'Last' || g, 'First' || g || ' Last' || g, 'user' || g || '@example.com',
      (array['Starter', 'Family', 'Household', 'Premium'])[1 + g % 4],
      case when g % 4 = 0 then '@tg' || g end,
      case when g % 5 = 0 then '+44' || (7000000000 + g) end,
      'SUB-' || upper(lpad(to_hex(g), 8, '0')),
      now() - (g % 1051200) * interval '1 minute',
      case when g % 3 = 0 then 'active' when g % 7 = 0 then 'expired' else 'trial' end,
      case when g % 3 = 0 then (array['Starter', 'Family Plus', 'Household Pro'])[1 + (g / 3) % 3] end,
      case when g % 3 = 0 then (array[9.99, 41.99, 95.99])[1 + (g / 3) % 3] end,
      case when g % 3 = 0 then now() - (g % 730) * interval '1 day' end,
      case when g % 3 = 0 then now() - (g % 730) * interval '1 day' + interval '1 month' end,
      'user' || g || '@example.com',
      case when g % 4 = 0 then 'tg' || g end,
      case when g % 5 = 0 then '+44' || (7000000000 + g) end,
      set_masklen(('10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.0')::inet, 24)::cidr,
      case when g % 10 = 0 then 55 else 100 end,
      case when g % 10 = 0
        then array['Name looks generated', '3 other requests from the same network in 24 hours']
        else '{}'::text[] end,
      g % 10 = 0
    from generate_series(1, ${total}) as g
  `)
  // Steady state, as autovacuum leaves a live database: visibility map set, statistics fresh.
  await db.execute(sql`vacuum analyze trial_requests`)
}
