// Multiplies one customer's rows in a Silo database (for bench:preparation at 100× the demo):
// addresses, contracts, deliveries with their lines, and orders with their lines, each copied
// `times - 1` more times under new keys. Generic copies (to_jsonb / jsonb_populate_record) so a
// new column is copied too.
//   node --import tsx tests/bench/support/multiply.ts <DATABASE_URL> [numTiers=100001] [times=100]
import pg from 'pg'

const [url, numTiers = '100001', times = '100'] = process.argv.slice(2)
if (!url) throw new Error('usage: multiply.ts <DATABASE_URL> [numTiers] [times]')

/** Copies the rows of `table` matched by `where`, k = 1..times-1, with `changes` (SQL over x and k). */
const copy = (table: string, where: string, changes: string) => `
  insert into ${table}
  select (jsonb_populate_record(null::${table}, to_jsonb(x) || ${changes})).*
  from ${table} x, generate_series(1, $2::int - 1) k where ${where}`

const client = new pg.Client({ connectionString: url })
await client.connect()
try {
  await client.query('begin')
  const n = [numTiers, Number(times)]
  await client.query(copy('adresses', 'x.num_tiers = $1', `jsonb_build_object('num_adr', x.num_adr + k * 1000)`), n)
  await client.query(
    copy('contrats', 'x.num_tiers = $1', `jsonb_build_object('num_contrat', x.num_contrat || '-' || k)`),
    n,
  )
  await client.query(
    copy('livraisons', 'x.num_tiers = $1', `jsonb_build_object('num_livraison', x.num_livraison || '-' || k)`),
    n,
  )
  await client.query(
    copy(
      'livraison_lignes',
      'x.num_livraison in (select num_livraison from livraisons where num_tiers = $1 and num_livraison not like $3)',
      `jsonb_build_object('num_livraison', x.num_livraison || '-' || k)`,
    ),
    [...n, '%-%'],
  )
  // Orders: new ids from their sequences, lines following their order.
  await client.query(
    `create temp table copies as
     select c.id old_id, k, nextval(pg_get_serial_sequence('commandes', 'id'))::int new_id
     from commandes c, generate_series(1, $2::int - 1) k where c.num_tiers = $1`,
    n,
  )
  await client.query(`
    insert into commandes
    select (jsonb_populate_record(null::commandes, to_jsonb(c) || jsonb_build_object('id', m.new_id, 'numero', c.numero || '-' || m.k))).*
    from commandes c join copies m on m.old_id = c.id`)
  await client.query(`
    insert into commande_lignes
    select (jsonb_populate_record(null::commande_lignes, to_jsonb(l) || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('commande_lignes', 'id')), 'commande_id', m.new_id))).*
    from commande_lignes l join copies m on m.old_id = l.commande_id`)
  await client.query('commit')
  for (const t of ['adresses', 'contrats', 'livraisons', 'commandes'])
    console.log(t, (await client.query(`select count(*) from ${t} where num_tiers = $1`, [numTiers])).rows[0].count)
} catch (e) {
  await client.query('rollback')
  throw e
} finally {
  await client.end()
}
