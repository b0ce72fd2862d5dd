// The member of a synthetic cooperative (`npm run seed:cooperative` then `npm run import`) with
// the most delivery lines: the largest farm, whose first screen and preparation cost the most
// (issue 50). The benches sign them in with the demo password, which this writes to that
// database: use a bench database.
import pg from 'pg'
import { hashPassword } from '../../../src/server/auth/password'

/** The largest member's number; `others` more members (the next largest) get the password too. */
export async function largestMember(url: string, others = 0): Promise<string> {
  return (await largestMembers(url, 1 + others))[0]!
}

/** The `n` members with the most delivery lines, largest first, each given the password 'demo'. */
export async function largestMembers(url: string, n: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const { rows } = await db.query<{ num_tiers: string }>(
      `select l.num_tiers from livraisons l join livraison_lignes x using (num_livraison)
        group by l.num_tiers order by count(*) desc limit $1`,
      [n],
    )
    const members = rows.map((r) => r.num_tiers)
    await db.query('update users set password_hash = $1 where username = any($2)', [
      await hashPassword('demo'),
      members,
    ])
    return members
  } finally {
    await db.end()
  }
}
