import { sql, type Kysely } from "kysely"

/**
 * When each part of the demo data was seeded (issue 22): `campus` by the first start or `station seed`, `flows` by
 * `station seed`. Seeded ids and times derive from these moments, so a replay can seed a fresh database at the
 * recorded moment and hold the same rows as the source.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table seed_info (name text primary key, seeded_at timestamptz not null)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table seed_info`.execute(db)
}
