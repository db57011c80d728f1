import { sql, type Kysely } from "kysely"

/**
 * How each of a worksite's two label printers is spoken to (issue 23): `raw9100` (the PDF as raw TCP, what every
 * printer was until now), `ipp` (a print server or IPP printer, with the printer's path on its host) or `tspl`
 * (a thermal label printer taking TSPL over raw TCP).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const height of [150, 180]) {
    await sql`alter table sending_settings
      add column ${sql.raw(`printer${height}_protocol`)} text not null default 'raw9100'
        check (${sql.raw(`printer${height}_protocol`)} in ('raw9100', 'ipp', 'tspl')),
      add column ${sql.raw(`printer${height}_path`)} text`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const height of [150, 180]) {
    await sql`alter table sending_settings drop column ${sql.raw(`printer${height}_protocol`)}, drop column ${sql.raw(`printer${height}_path`)}`.execute(db)
  }
}
