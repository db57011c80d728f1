/**
 * `station seed`: seeds the demo campus into an empty database, with demo rows for every flow (seed-flows.ts), and lists
 * the demo users. Deterministic but for the moment, which `seed_info` records and `station ops export` writes down.
 */
import { migrateToLatest } from "#adapters/postgres/database"
import { demoUsers, seedDemoCampus, DEMO_PASSWORD } from "#adapters/postgres/seed"
import { seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { withDatabase } from "./database"
import { render, type Options } from "./outcome"
import { table } from "./table"
import { word } from "./lang"

export const seed = async (options: Options) =>
  withDatabase(async (database) => {
    await migrateToLatest(database.db)
    // one seed moment for both parts (each recorded in seed_info), so a replay can seed a fresh database the same
    const at = new Date()
    const seeded = await seedDemoCampus(database.db, at)
    const flows = await seedFlowsDemo(database.db, at)
    const users = await demoUsers(database.db)
    render(options, { seeded, flows, users }, () => [
      seeded ? `Seeded the demo campus (staff password: ${DEMO_PASSWORD}).` : "The database already has a worksite: left as it is.",
      flows ? "Added demo rows for every flow: 李明's parcels (fee due, due for return, picked up), an errand in each state, a send order awaiting freight." : "",
      users.length ? `\n${table(users, [
        { header: "openid", value: (u) => u.openid },
        { header: "role", value: (u) => word(u.role) },
        { header: "name", value: (u) => u.name },
        { header: "worksite", value: (u) => u.worksite }
      ])}` : ""
    ].join("\n"))
  }, { prepare: false })
