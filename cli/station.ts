#!/usr/bin/env -S npx tsx
/** The `station` command: serve, migrate, seed, tokens, replays, withdrawal review, statistics, checks. */
import { Command } from "commander"
import { serve } from "./serve"

const program = new Command("station").description("Campus parcel station server and admin tool")

program.command("serve").description("run the API, the socket and the web app on one port").action(serve)

await program.parseAsync(process.argv)
