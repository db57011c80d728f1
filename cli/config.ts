/** Reads the configuration from the environment: port, database, data directory, web build. */
import { resolve } from "node:path"
import { databaseConfigFromEnv, type DatabaseConfig } from "#adapters/postgres/database"
import { Refusal } from "./outcome"
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
  const port = env.PORT === undefined ? 3000 : /^\s*\d{1,5}\s*$/.test(env.PORT) ? Number(env.PORT) : Number.NaN
  if (!Number.isInteger(port) || port > 65535) {
    throw new Refusal("BadPort", `station: PORT must be a port number from 0 to 65535 (端口号无效), got ${JSON.stringify(env.PORT)}: e.g. PORT=3000 npm start`)
  }
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    database: databaseConfigFromEnv(env),
    webDist: resolve(projectRoot, "web/dist"),
    publicUrl: env.PUBLIC_URL,
    devSignIn: (env.MESSAGING_APP ?? "fake") === "fake"
  }
}
