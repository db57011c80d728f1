/** The reminder switches on 我的: each kind on or off. */
import { Schema } from "effect"
import { call, Flag, Text } from "../shared/wire"

export const NoticeSettingsView = Schema.Struct({
  arrival: Schema.Boolean, returnReminder: Schema.Boolean, errandStatus: Schema.Boolean, sendStatus: Schema.Boolean
})

/** `GET /api/user/notices`: the user's switches. */
export const Notices = call(Schema.Struct({}), NoticeSettingsView)

/** `PUT /api/user/notices { kind, on }`: one switch turned; answers all of them. */
export const SetNotice = call(Schema.Struct({ kind: Text(), on: Flag }), NoticeSettingsView)
