/** Reads the configuration from the environment: port, database, data directory, web build. */
import { resolve } from "node:path"
import { databaseConfigFromEnv, type DatabaseConfig } from "#adapters/postgres/database"
import { projectRoot } from "./root"

export interface ServeConfig {
  readonly port: number
  readonly host: string
  readonly database: DatabaseConfig
  readonly webDist: string
  readonly publicUrl: string | undefined
  readonly devSignIn: boolean
}

export const serveConfig = (env: NodeJS.ProcessEnv = process.env): ServeConfig => {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    database: databaseConfigFromEnv(env),
    webDist: resolve(projectRoot, "web/dist"),
    publicUrl: env.PUBLIC_URL,
    devSignIn: (env.MESSAGING_APP ?? "fake") === "fake"
  }
}
